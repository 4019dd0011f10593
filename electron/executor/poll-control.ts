// wait_until's loop (also used by ensure_state verification): read-only probes every poll_interval_ms until
// the condition has held for stable_ms over at least two observations (one suffices for a state other than
// `stable` with stable_ms 0), bounded by timeout_ms.
// READ_FAILED / UNAVAILABLE / DEVICE_LOST never count as absence: they restart the stable window and the last
// raw error is kept for the TIMEOUT message. AMBIGUOUS, invalid selectors and unsupported answers end at once.
import type { ControlSelector } from '../../shared/actions';
import type { ControlReading } from '../../shared/helper-protocol';
import type { ErrorCode } from '../../shared/errors';
import { holds, type Condition } from './conditions';
import type { ExecContext } from './context';
import { nativeRead } from './dispatch';

export interface PollArgs extends Condition {
  selector: ControlSelector;
  stable_ms: number;
  timeout_ms: number;
  poll_interval_ms: number;
}

export type PollResult =
  | { ok: true; reading: ControlReading | null; polls: number }
  | {
      ok: false; code: ErrorCode; message: string; reading: ControlReading | null; polls: number;
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
  for (;;) {
    if (ctx.signal?.aborted) return { ok: false, code: 'CANCELLED', message: 'cancelled while waiting', reading, polls, lastError: null };
    polls++;
    const r = await nativeRead(ctx, 'probe', { selector: a.selector });
    const now = ctx.now();
    let ok = false;
    let key: string | null = null;
    if (!r.ok) {
      if (!TRANSIENT.has(r.code)) return { ok: false, code: r.code, message: r.message, reading, polls, lastError: null };
      lastError = { code: r.code, message: r.message };
    } else if (r.result.match === 'none') {
      ok = a.state === 'absent';
      key = 'none';
    } else {
      reading = r.result.reading;
      key = `${reading.token}/${reading.content_signature}`;
      ok = a.state === 'stable' ? true : a.state === 'absent' ? false : holds(a, reading);
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
    if (since !== null && now - since >= a.stable_ms && enough) return { ok: true, reading, polls };
    if (now - start >= a.timeout_ms) {
      const why = lastError ? ` (last error ${lastError.code}: ${lastError.message})` : '';
      return { ok: false, code: 'TIMEOUT', message: `${a.state} did not hold for ${a.stable_ms} ms within ${a.timeout_ms} ms${why}`, reading, polls, lastError };
    }
    await ctx.sleep(Math.min(a.poll_interval_ms, Math.max(0, start + a.timeout_ms - now)));
  }
}
