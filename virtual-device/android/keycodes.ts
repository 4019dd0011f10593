// KeyEvent.keyCodeFromString over the one keycode table (shared/android/keycodes.ts), as `input keyevent` reads it.
import { keycodeOf } from '../../shared/android/keycodes';

/** KeyEvent.keyCodeFromString: a number, `KEYCODE_NAME` or `NAME`; KEYCODE_UNKNOWN (0) otherwise. */
export function keyCodeFromString(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  const name = s.startsWith('KEYCODE_') ? s.slice(8) : s;
  return keycodeOf(name) ?? 0;
}
