// The read-only polling loop the wait_* and expect_* tools share: read a snapshot every interval until the
// check answers or time runs out (a cancelled operation stops at the next sleep). Read failures are retried
// until the deadline; the last one is reported if no read ever succeeded.
import type { UiSnapshot } from '../../../shared/verify/snapshot';
import type { ExecContext } from '../context';
import { readSnapshot } from './ui-snapshot';

export type PollAnswer<T> = { done: true; value: T; snapshot: UiSnapshot; elapsed_ms: number } | { done: false; last: UiSnapshot | null; error: unknown; elapsed_ms: number; cancelled: boolean };

export async function pollSnapshots<T>(ctx: ExecContext, timeoutMs: number, intervalMs: number, check: (s: UiSnapshot) => T | undefined): Promise<PollAnswer<T>> {
  const start = ctx.now();
  let last: UiSnapshot | null = null;
  let error: unknown = null;
  for (;;) {
    try {
      last = await readSnapshot(ctx);
      error = null;
      const v = check(last);
      if (v !== undefined) return { done: true, value: v, snapshot: last, elapsed_ms: Math.round(ctx.now() - start) };
    } catch (e) {
      error = e;
    }
    const left = timeoutMs - (ctx.now() - start);
    if (ctx.signal?.aborted || left <= 0) return { done: false, last, error, elapsed_ms: Math.round(ctx.now() - start), cancelled: ctx.signal?.aborted === true };
    await ctx.sleep(Math.min(intervalMs, left));
  }
}
