// tactile.key: one key with Ctrl/Shift held. Over the console's mirror: one key event pair carrying the meta
// state (as scrcpy sends a keyboard's keys). Over adb: `input keyevent` for a plain key, `input keycombination`
// (Android 13+; older refuses it before sending anything) with the modifier keys pressed first.
import type { ToolArgs } from '../../../shared/actions';
import { keycode, META_CTRL, META_SHIFT } from '../../../shared/android/keycodes';
import type { ExecContext } from '../context';
import { KEY_PRESS_EVENTS, mirrorControlOf, pressOnControl, sendControl } from '../control-dispatch';
import type { Sent } from '../dispatch';
import { keyevent, shellKeys } from './press-key';

export function tactileKey(ctx: ExecContext, args: ToolArgs<'tactile.key'>): Promise<Sent> {
  const name = args.key.toUpperCase();
  const control = mirrorControlOf(ctx);
  if (control) {
    const meta = (args.ctrl ? META_CTRL : 0) | (args.shift ? META_SHIFT : 0);
    return sendControl(ctx, control, KEY_PRESS_EVENTS, (c) => pressOnControl(c, keycode(name), meta));
  }
  const keys = [...(args.ctrl ? ['CTRL_LEFT'] : []), ...(args.shift ? ['SHIFT_LEFT'] : []), name];
  if (keys.length === 1) return keyevent(ctx, name);
  for (const k of keys) keycode(k);
  return shellKeys(ctx, `input keycombination ${keys.map((k) => `KEYCODE_${k}`).join(' ')}`, keys.length);
}
