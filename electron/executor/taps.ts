// Repeated taps (click.times, click_sequence, sequence click members): each tap is its own contact, and
// each is revalidated just before it is sent (a resource target is resolved again; a click guard is checked
// again). A failed revalidation stops the taps: completed_taps says how many went out; none is repeated.
import { TAP_MS } from '../../shared/gesture';
import { tapsStatus } from '../../shared/receipts';
import type { ExecContext } from './context';
import type { Found } from './controls';
import { sendStrokes } from './dispatch';
import { outcome, type Outcome } from './outcome';

/** The receipt model counts up to 10 taps (a sequence member's maximum); beyond that the status says it all. */
const taps = (done: number) => (done <= 10 ? { completed_taps: done } : {});

export type Locate = () => Promise<Found<[number, number]>>;

export async function runTaps(ctx: ExecContext, locates: readonly Locate[], delayMs: number): Promise<Outcome> {
  let done = 0;
  let events = 0;
  for (let i = 0; i < locates.length; i++) {
    if (i > 0) await ctx.sleep(delayMs);
    const at = await locates[i]!();
    if (!at.ok) return { ...outcome(tapsStatus(locates.length, done, false), at.code, at.message), ...taps(done) };
    const [x, y] = at.value;
    const sent = await sendStrokes(ctx, [{ id: 0, keyframes: [{ t_ms: 0, x, y }, { t_ms: TAP_MS, x, y }] }]);
    if (sent.status !== 'completed') {
      const status = sent.status === 'unknown' ? 'unknown' : sent.status === 'cancelled' ? 'cancelled' : tapsStatus(locates.length, done, false);
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
