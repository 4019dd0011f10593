// wait_until's loop (also used by ensure_state verification): read-only probes every poll_interval_ms until
// the condition has held for stable_ms over at least two observations (one suffices for a state other than
// `stable` with stable_ms 0), bounded by timeout_ms.
// READ_FAILED / UNAVAILABLE / DEVICE_LOST never count as absence: they restart the stable window and the last
// raw error is kept for the TIMEOUT message. AMBIGUOUS, invalid selectors and unsupported answers end at once.
import type { ControlSelector } from '../../shared/actions';
import type { ControlReading } from '../../shared/helper-protocol';
import type { ErrorCode } from '../../shared/errors';
import { PollLog, type Check } from '../../shared/receipts/check';
import { conditionWords, holds, pollReadingWords, selectorWords, type Condition } from './conditions';
import type { ExecContext } from './context';
import { nativeRead } from './dispatch';

export interface PollArgs extends Condition {
  selector: ControlSelector;
  stable_ms: number;
  timeout_ms: number;
  poll_interval_ms: number;
}

export type PollResult =
  | { ok: true; reading: ControlReading | null; polls: number; check: Check }
  | {
      ok: false;
      code: ErrorCode;
      message: string;
      reading: ControlReading | null;
      polls: number;
      check: Check;
      /** The last transient read failure before a TIMEOUT; null when every read was clean (or on other codes). */
      lastError: { code: ErrorCode; message: string } | null;
    };

const TRANSIENT = new Set<ErrorCode>(['READ_FAILED', 'UNAVAILABLE', 'DEVICE_LOST']);

export async function pollControl(ctx: ExecContext, a: PollArgs): Promise<PollResult> {
  const start = ctx.now();
  let since: number | null = null; // when the condition started to hold
  let observations = 0;
  let lastKey: string | null = null;
  let lastError: { code: ErrorCode; message: string } | null = null;
  let reading: ControlReading | null = null;
  let polls = 0;
  // Every poll's reading in words, for the receipt's check (what was expected, what each poll saw).
  const log = new PollLog(start);
  const check = (matched: boolean) =>
    log.check(selectorWords(a.selector), conditionWords(a, a.stable_ms), matched, ctx.now() - start);
  for (;;) {
    if (ctx.signal?.aborted)
      return {
        ok: false,
        code: 'CANCELLED',
        message: 'cancelled while waiting',
        reading,
        polls,
        lastError: null,
        check: check(false),
      };
    polls++;
    const r = await nativeRead(ctx, 'probe', { selector: a.selector });
    const now = ctx.now();
    let ok = false;
    let key: string | null = null;
    if (!r.ok) {
      log.record(now, null, false, r.code);
      if (!TRANSIENT.has(r.code))
        return { ok: false, code: r.code, message: r.message, reading, polls, lastError: null, check: check(false) };
      lastError = { code: r.code, message: r.message };
    } else if (r.result.match === 'none') {
      ok = a.state === 'absent';
      key = 'none';
      log.record(now, pollReadingWords(a.state, null), ok);
    } else {
      reading = r.result.reading;
      key = `${reading.token}/${reading.content_signature}`;
      ok = a.state === 'stable' ? true : a.state === 'absent' ? false : holds(a, reading);
      // `stable` matches when this poll saw what the previous one did.
      log.record(now, pollReadingWords(a.state, reading), a.state === 'stable' ? key === lastKey : ok);
    }
    // `stable` means the same observation throughout; other states only need the condition to keep holding.
    if (!ok || (a.state === 'stable' && key !== lastKey)) {
      since = ok ? now : null;
      observations = ok ? 1 : 0;
    } else {
      since ??= now;
      observations++;
    }
    lastKey = key;
    // `stable` always needs two unchanged observations (seed: "at least two unchanged native observations"),
    // even with stable_ms 0; another state with stable_ms 0 holds on its first observation.
    const enough = observations >= 2 || (a.stable_ms === 0 && a.state !== 'stable');
    if (since !== null && now - since >= a.stable_ms && enough) return { ok: true, reading, polls, check: check(true) };
    if (now - start >= a.timeout_ms) {
      const why = lastError ? ` (last error ${lastError.code}: ${lastError.message})` : '';
      const seen = log.lastActual;
      const saw = seen !== null ? `; last read: ${seen}` : '';
      return {
        ok: false,
        code: 'TIMEOUT',
        message: `${conditionWords(a, a.stable_ms)} did not hold within ${a.timeout_ms} ms${saw}${why}`,
        reading,
        polls,
        lastError,
        check: check(false),
      };
    }
    await ctx.sleep(Math.min(a.poll_interval_ms, Math.max(0, start + a.timeout_ms - now)));
  }
}
