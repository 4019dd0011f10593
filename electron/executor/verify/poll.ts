// The read-only polling loop the wait_* and expect_* tools share: read a snapshot every interval until the
// check answers or time runs out (a cancelled operation stops at the next sleep). Read failures are retried
// until the deadline; the last one is reported if no read ever succeeded. Every poll goes into a PollLog
// (shared/receipts/check.ts) — what it read in the tool's words, whether it matched — for the receipt's check.
import { PollLog } from '../../../shared/receipts/check';
import type { UiSnapshot } from '../../../shared/verify/snapshot';
import type { ExecContext } from '../context';
import { SnapshotError, readSnapshot } from './ui-snapshot';

export type PollAnswer<T> = (
  | { done: true; value: T; snapshot: UiSnapshot; elapsed_ms: number }
  | { done: false; last: UiSnapshot | null; error: unknown; elapsed_ms: number; cancelled: boolean }
) & {
  log: PollLog;
};

/** What one poll read, in words, given the snapshot and the check's answer on it (undefined: not yet). */
export type PollWords<T> = (s: UiSnapshot, value: T | undefined) => string;

export async function pollSnapshots<T>(
  ctx: ExecContext,
  timeoutMs: number,
  intervalMs: number,
  check: (s: UiSnapshot) => T | undefined,
  words?: PollWords<T>,
): Promise<PollAnswer<T>> {
  const start = ctx.now();
  const log = new PollLog(start);
  let last: UiSnapshot | null = null;
  let error: unknown = null;
  for (;;) {
    try {
      last = await readSnapshot(ctx);
      error = null;
      const v = check(last);
      log.record(ctx.now(), words ? words(last, v) : null, v !== undefined);
      if (v !== undefined)
        return { done: true, value: v, snapshot: last, elapsed_ms: Math.round(ctx.now() - start), log };
    } catch (e) {
      error = e;
      log.record(ctx.now(), null, false, e instanceof SnapshotError ? e.code : 'READ_FAILED');
    }
    const left = timeoutMs - (ctx.now() - start);
    if (ctx.signal?.aborted || left <= 0)
      return {
        done: false,
        last,
        error,
        elapsed_ms: Math.round(ctx.now() - start),
        cancelled: ctx.signal?.aborted === true,
        log,
      };
    await ctx.sleep(Math.min(intervalMs, left));
  }
}
