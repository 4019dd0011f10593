// press_key: one device key through `input keyevent`. Keys are named as Android names them
// (shared/android/keycodes.ts, the one table).
import type { DeviceKey, ToolArgs } from '../../../shared/actions';
import { keycode, type KeyName } from '../../../shared/android/keycodes';
import type { ExecContext } from '../context';
import { KEY_PRESS_EVENTS } from '../control-dispatch';
import type { Sent } from '../dispatch';
import { outcome } from '../outcome';
import { sendShell } from '../shell-dispatch';

/** Seed 000's key names → Android's KEYCODE_ names. */
export const PRESS_KEY_NAMES: Record<DeviceKey, KeyName> = {
  home: 'HOME',
  back: 'BACK',
  enter: 'ENTER',
  delete: 'DEL',
  tab: 'TAB',
  search: 'SEARCH',
  menu: 'MENU',
  app_switch: 'APP_SWITCH',
};

/** Presses each key in turn (`input keyevent KEYCODE_…`), by its Android name. */
export async function keyevent(ctx: ExecContext, ...names: string[]): Promise<Sent> {
  for (const n of names) keycode(n);
  return shellKeys(ctx, `input keyevent ${names.map((n) => `KEYCODE_${n}`).join(' ')}`, names.length);
}

/** A shell command that presses `presses` keys; its dispatch figures count each press's down and up. */
export async function shellKeys(ctx: ExecContext, command: string, presses: number): Promise<Sent> {
  const r = await sendShell(ctx, command);
  if (!r.ok) return r.outcome;
  // InputShellCommand prints its usage and "Error: Unknown command" for a verb this Android lacks: nothing was sent.
  if (/Unknown command/.test(r.output)) return outcome('not_started', 'UNAVAILABLE', r.output.trim().slice(0, 300));
  if (/Exception|Error/.test(r.output)) return outcome('unknown', 'INTERNAL', r.output.trim().slice(0, 300));
  return {
    ...outcome('completed'),
    dispatch: { backend: 'adb_input', events: presses * KEY_PRESS_EVENTS, down_time_ms: null, event_times_ms: null },
  };
}

export function pressKey(ctx: ExecContext, args: ToolArgs<'press_key'>): Promise<Sent> {
  return keyevent(ctx, PRESS_KEY_NAMES[args.key]);
}
