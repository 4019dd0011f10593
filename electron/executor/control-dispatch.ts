// Input over the console's live mirror's scrcpy control socket (keys with their meta state, typed text, a paste,
// the status bar panels, rotation): through the held lock like every input. A write that fails leaves the
// outcome unknown (the bytes may have reached the device), never `not_started`.
import type { MirrorControl } from './device-link';
import type { ExecContext } from './context';
import { markUnknown, type Sent } from './dispatch';
import { outcome } from './outcome';

/** A key press is its down and its up: two KeyEvents. */
export const KEY_PRESS_EVENTS = 2;

/** The control socket when the console mirrors this device, else null (the tool then uses adb, or refuses). */
export const mirrorControlOf = (ctx: ExecContext): MirrorControl | null => ctx.link.mirrorControl?.() ?? null;

/** Sends `work` on `control` under the lock; `events`: the input events it injects (the receipt's dispatch figures). */
export async function sendControl(
  ctx: ExecContext,
  control: MirrorControl,
  events: number,
  work: (control: MirrorControl) => Promise<void>,
): Promise<Sent> {
  const sent = await ctx.lock.dispatch(async () => {
    try {
      await work(control);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  });
  if (!sent.ok)
    return outcome(sent.error.code === 'CANCELLED' ? 'cancelled' : 'not_started', sent.error.code, sent.error.message);
  if (sent.value === null)
    return {
      ...outcome('completed'),
      dispatch: { backend: 'scrcpy', events, down_time_ms: null, event_times_ms: null },
    };
  markUnknown(ctx);
  return outcome('unknown', 'DEVICE_LOST', `scrcpy control socket failed: ${sent.value}`);
}

/** One key pressed and released with `meta` (KeyEvent meta state) held. */
export async function pressOnControl(control: MirrorControl, code: number, meta = 0): Promise<void> {
  await control.key('down', code, meta);
  await control.key('up', code, meta);
}
