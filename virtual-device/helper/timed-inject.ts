// The helper's `inject`: each motion event goes to the InputDispatcher at down_time + t_ms on the device
// clock, so the gesture's timing does not depend on the adb link. A cancel of the operation mid-gesture
// sends ACTION_CANCEL and stops. Event times are the events' own timestamps (down_time + t_ms, PROTOCOL.md §4),
// not when injection returned.
import type { HelperError, MotionEventPlan } from '../../shared/helper-protocol';
import type { InputDispatcher } from '../android/input-dispatcher';
import { sleepUntil } from './device-clock';

export type InjectOutcome =
  | { ok: true; result: { dispatched: number; down_time_ms: number; event_times_ms: number[] } }
  | { ok: false; error: HelperError };

export async function injectTimed(
  input: Pick<InputDispatcher, 'injectMotion'>,
  clock: () => number,
  events: readonly MotionEventPlan[],
  cancelled: { aborted: boolean },
): Promise<InjectOutcome> {
  const downTime = Math.round(clock());
  const times: number[] = [];
  for (const e of events) {
    const planned = downTime + e.t_ms;
    await sleepUntil(clock, planned, cancelled);
    if (cancelled.aborted) {
      if (times.length > 0) input.injectMotion({ action: 'cancel', pointers: e.pointers, t_ms: planned });
      return {
        ok: false,
        error: {
          code: 'CANCELLED',
          message: 'the operation was cancelled mid-gesture',
          details: { dispatched: times.length },
        },
      };
    }
    const sent = input.injectMotion({
      action: e.action,
      action_index: e.action_index,
      pointers: e.pointers.map((p) => ({ ...p })),
      t_ms: planned,
    });
    if (!sent.ok) {
      return {
        ok: false,
        error: {
          code: 'INTERNAL',
          message: `the input dispatcher dropped event ${times.length}: ${sent.reason}`,
          details: { dispatched: times.length },
        },
      };
    }
    times.push(planned);
  }
  return { ok: true, result: { dispatched: times.length, down_time_ms: downTime, event_times_ms: times } };
}
