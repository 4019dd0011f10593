// Repeated taps (click.times, click_sequence, sequence click members): each tap is its own contact, and
// each is revalidated just before it is sent (a resource target is resolved again; a click guard is checked
// again). A failed revalidation stops the taps: completed_taps says how many went out; none is repeated.
// A planned tap is sent as prepareCall planned it (shared/gesture tapContact); only a tap whose point is
// resolved live (a resource-id target, an opener) is built here, by the planner's own tapStroke.
import { tapContact, tapStroke, type PointerStroke } from '../../shared/gesture';
import { tapsStatus } from '../../shared/receipts';
import type { ExecContext } from './context';
import { idTapPoint, type Found } from './controls';
import { sendStrokes } from './dispatch';
import { outcome, type Outcome } from './outcome';

/** The receipt model counts up to 10 taps (a sequence member's maximum); beyond that the status says it all. */
const taps = (done: number) => (done <= 10 ? { completed_taps: done } : {});

/** The contact of one tap, determined just before it is sent (or why it cannot be). */
export type Locate = () => Promise<Found<PointerStroke>>;

/** A planned tap (one stroke of the plan's pointers), sent as planned. */
export function plannedTap(stroke: PointerStroke): Locate {
  const contact = tapContact(stroke);
  return async () => ({ ok: true, value: contact });
}

/** A tap on a resource id's live visible centre, resolved afresh every time it is sent. */
export function liveTap(ctx: ExecContext, resourceId: string): Locate {
  return async () => {
    const at = await idTapPoint(ctx, resourceId);
    return at.ok ? { ok: true, value: tapStroke(at.value[0], at.value[1]) } : at;
  };
}

export async function runTaps(ctx: ExecContext, locates: readonly Locate[], delayMs: number): Promise<Outcome> {
  let done = 0;
  let events = 0;
  for (let i = 0; i < locates.length; i++) {
    if (i > 0) await ctx.sleep(delayMs);
    // Between taps is where a cancel lands: the taps already sent stay counted, none is sent after it.
    if (ctx.signal?.aborted)
      return {
        ...outcome('cancelled', 'CANCELLED', `cancelled after ${done} of ${locates.length} taps`),
        ...taps(done),
      };
    const at = await locates[i]!();
    if (!at.ok) return { ...outcome(tapsStatus(locates.length, done, false), at.code, at.message), ...taps(done) };
    const sent = await sendStrokes(ctx, [at.value]);
    if (sent.status !== 'completed') {
      const status =
        sent.status === 'unknown'
          ? 'unknown'
          : sent.status === 'cancelled'
            ? 'cancelled'
            : tapsStatus(locates.length, done, false);
      return { ...outcome(status, sent.code, sent.message), ...taps(done) };
    }
    done++;
    events += sent.dispatch?.events ?? 0;
  }
  return {
    ...outcome('completed'),
    ...taps(done),
    dispatch: { backend: ctx.input.kind, events, down_time_ms: null, event_times_ms: null },
  };
}
