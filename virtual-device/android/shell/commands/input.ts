// `input` (InputShellCommand): tap, swipe, draganddrop, motionevent, keyevent and text, injected through
// the same InputDispatcher as every other backend, paced like Android's (moves until the duration ends).
import type { MotionAction, Pointer } from '../../input-dispatcher';
import { KEYCODES, keysForText } from '../../../../shared/android/keycodes';
import { keyCodeFromString } from '../../keycodes';
import type { Command, CommandContext } from '../context';

const SOURCES = new Set([
  'keyboard',
  'mouse',
  'joystick',
  'touchnavigation',
  'touchpad',
  'trackball',
  'dpad',
  'stylus',
  'gamepad',
  'touchscreen',
  'rotaryencoder',
]);
/** Interval between injected moves of a swipe (Android injects back to back, each taking a few ms). */
const MOVE_INTERVAL_MS = 5;
const DEFAULT_SWIPE_MS = 300;
/** ViewConfiguration.DOUBLE_TAP_MIN_TIME. */
const DOUBLE_TAP_MIN_MS = 40;
/** InputShellCommand's default hold for keycombination. */
const KEY_COMBINATION_MS = 0;

class ArgError extends Error {}

const USAGE = `Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]

The commands and default sources are:
      text <string> (Default: keyboard)
      keyevent [--longpress|--doubletap|--async|--delay <duration between keycodes in ms>] <key code number or name> ... (Default: keyboard)
      keycombination [-t duration(ms)] <key code 1> <key code 2> ... (Default: keyboard, the key codes are pressed in order and released in reverse)
      tap <x> <y> (Default: touchscreen)
      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      press (Default: trackball)
      roll <dx> <dy> (Default: trackball)
      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)
`;

export const input: Command = async (ctx) => {
  const args = ctx.argv.slice(1);
  if (args[0] !== undefined && SOURCES.has(args[0])) args.shift();
  if (args[0] === '-d') args.splice(0, 2);
  const sub = args.shift();
  if (sub === undefined || sub === 'help' || sub === '-h') {
    await ctx.out(USAGE);
    return 0;
  }
  const next = (() => {
    let prev = sub;
    return (required = true): string | undefined => {
      const v = args.shift();
      if (v === undefined && required) throw new ArgError(`Argument expected after "${prev}"`);
      if (v !== undefined) prev = v;
      return v;
    };
  })();
  const num = (s: string | undefined): number => {
    if (s === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?$/.test(s.trim()))
      throw new ArgError(`Error: Invalid arguments for command: ${sub}`);
    return parseFloat(s);
  };
  try {
    switch (sub) {
      case 'tap': {
        const [x, y] = [num(next()), num(next())];
        motion(ctx, 'down', x, y);
        motion(ctx, 'up', x, y);
        return 0;
      }
      case 'swipe':
      case 'draganddrop': {
        const [x1, y1, x2, y2] = [num(next()), num(next()), num(next()), num(next())];
        const d = next(false);
        let duration = d === undefined ? -1 : Math.trunc(num(d));
        if (duration < 0) duration = DEFAULT_SWIPE_MS;
        await swipe(ctx, x1, y1, x2, y2, duration, sub === 'draganddrop');
        return 0;
      }
      case 'press':
      case 'roll':
        // The trackball's press and roll: no trackball view takes them on this device (the lab has none), so the
        // events go nowhere, as on a phone without one.
        if (sub === 'roll') {
          num(next());
          num(next());
        }
        return 0;
      case 'motionevent': {
        const action = (next() ?? '').toUpperCase();
        const map: Record<string, MotionAction> = { DOWN: 'down', UP: 'up', MOVE: 'move', CANCEL: 'cancel' };
        if (!map[action]) throw new ArgError(`Unknown action: ${action}`);
        const x = action === 'CANCEL' ? num(next(false) ?? '0') : num(next());
        const y = action === 'CANCEL' ? num(next(false) ?? '0') : num(next());
        motion(ctx, map[action]!, x, y);
        return 0;
      }
      case 'keyevent':
        return await keyevent(ctx, args, next);
      case 'keycombination':
        return await keycombination(ctx, args, next);
      case 'text': {
        const raw = next()!;
        // %s stands for a space (input's own escape).
        const text = raw.replace(/%s/g, ' ');
        const keys = keysForText(text);
        if (!keys)
          throw new ArgError('java.lang.NullPointerException: Attempt to get length of null array', { cause: 'npe' });
        for (const k of keys) {
          if (k.shift) key(ctx, 'down', KEYCODES.SHIFT_LEFT, null);
          key(ctx, 'down', k.keyCode, k.char);
          key(ctx, 'up', k.keyCode, null);
          if (k.shift) key(ctx, 'up', KEYCODES.SHIFT_LEFT, null);
        }
        return 0;
      }
      default:
        await ctx.err(`Unknown command: ${sub}\n`);
        return 255;
    }
  } catch (e) {
    if (!(e instanceof ArgError)) throw e;
    const java = e.cause === 'npe' ? e.message : `java.lang.IllegalArgumentException: ${e.message}`;
    await ctx.err(`Exception occurred while executing '${sub}':\n${java}\n`);
    return 255;
  }
};

async function keyevent(
  ctx: CommandContext,
  args: string[],
  next: (required?: boolean) => string | undefined,
): Promise<number> {
  let arg = next();
  let longpress = false;
  let doubletap = false;
  let delay = 0;
  while (arg !== undefined && arg.startsWith('--')) {
    if (arg === '--longpress') longpress = true;
    if (arg === '--doubletap') doubletap = true;
    if (arg === '--delay') delay = Number(next());
    arg = next(false);
  }
  let first = true;
  while (arg !== undefined) {
    if (!first && delay > 0) await ctx.android.sleep(delay);
    first = false;
    const code = keyCodeFromString(arg);
    for (let press = 0; press < (doubletap ? 2 : 1); press++) {
      // A double tap is two presses ViewConfiguration.getDoubleTapMinTime apart.
      if (press > 0) await ctx.android.sleep(DOUBLE_TAP_MIN_MS);
      key(ctx, 'down', code, null);
      if (longpress) {
        await ctx.android.sleep(longPressTimeout(ctx));
        key(ctx, 'down', code, null);
      }
      key(ctx, 'up', code, null);
    }
    arg = args.shift();
  }
  return 0;
}

/** `input keycombination [-t MS] KEY…` (Android 13+): every key down in order, held, then up in reverse. */
async function keycombination(
  ctx: CommandContext,
  args: string[],
  next: (required?: boolean) => string | undefined,
): Promise<number> {
  let arg = next();
  let hold = KEY_COMBINATION_MS;
  if (arg === '-t') {
    hold = Number(next());
    if (!Number.isFinite(hold) || hold < 0) throw new ArgError(`Error: Invalid arguments for command: keycombination`);
    arg = next();
  }
  const codes = [arg!, ...args.splice(0)].map(keyCodeFromString);
  if (codes.length < 2) throw new ArgError('keycombination requires at least 2 keycodes');
  for (const c of codes) key(ctx, 'down', c, null);
  await ctx.android.sleep(hold);
  for (const c of [...codes].reverse()) key(ctx, 'up', c, null);
  return 0;
}

function motion(ctx: CommandContext, action: MotionAction, x: number, y: number): void {
  const pointers: Pointer[] = [{ id: 0, x, y }];
  ctx.android.input.injectMotion({ action, pointers, t_ms: ctx.android.clock() });
}

function key(ctx: CommandContext, action: 'down' | 'up', code: number, char: string | null): void {
  ctx.android.input.injectKey({ action, key_code: code, char, t_ms: ctx.android.clock() });
}

/** ViewConfiguration.getLongPressTimeout: 400 ms since Android 12, 500 ms before. */
const longPressTimeout = (ctx: CommandContext): number => (ctx.android.sdk >= 31 ? 400 : 500);

async function swipe(
  ctx: CommandContext,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  duration: number,
  dragDrop: boolean,
): Promise<void> {
  const { android, signal } = ctx;
  const down = android.clock();
  motion(ctx, 'down', x1, y1);
  if (dragDrop) await android.sleep(longPressTimeout(ctx));
  const end = down + duration;
  let now = android.clock();
  while (now < end) {
    if (signal.aborted) {
      motion(ctx, 'cancel', x1, y1);
      return;
    }
    const a = (now - down) / duration;
    motion(ctx, 'move', x1 + (x2 - x1) * a, y1 + (y2 - y1) * a);
    await android.sleep(MOVE_INTERVAL_MS);
    now = android.clock();
  }
  motion(ctx, 'up', x2, y2);
}
