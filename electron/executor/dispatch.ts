// Every input goes through the held device lock (FIFO, refused once cancelled or while earlier input is
// uncertain). Input whose outcome is unknown marks the lock uncertain and is never sent again, on any backend.
import type { PointerStroke } from '../../shared/gesture';
import type { HelperOp } from '../../shared/helper-protocol';
import type { ErrorCode } from '../../shared/errors';
import { HelperGoneError, HelperLinkError, type HelperResult } from '../helper/helper-channel';
import type { DispatchFigures } from '../input/input-backend';
import type { ExecContext } from './context';
import { outcome, type Outcome } from './outcome';

/**
 * After input of unknown outcome the device stays occupied until it is re-read (pipeline.ts); this cap only
 * keeps a device that never comes back from being locked forever.
 */
const UNCERTAIN_CAP_MS = 60_000;

export type Sent = Outcome & { dispatch?: DispatchFigures };

/** Input of unknown outcome: keeps the device occupied until its fate is known, so nothing overtakes it. */
export function markUnknown(ctx: ExecContext): void {
  ctx.lock.markUncertain(Date.now() + UNCERTAIN_CAP_MS);
}

/** One continuous contact through the operation's input backend. */
export async function sendStrokes(ctx: ExecContext, strokes: readonly PointerStroke[]): Promise<Sent> {
  const sent = await ctx.lock.dispatch(() => ctx.input.dispatch(strokes, ctx.operationId, ctx.signal));
  if (!sent.ok)
    return outcome(sent.error.code === 'CANCELLED' ? 'cancelled' : 'not_started', sent.error.code, sent.error.message);
  const r = sent.value;
  if (r.ok) return { ...outcome('completed'), dispatch: r.figures };
  if (r.code === 'CANCELLED') return outcome('cancelled', r.code, r.message); // the helper ended the contact with ACTION_CANCEL
  if (!r.uncertain) return outcome('not_started', r.code, r.message);
  markUnknown(ctx);
  return outcome('unknown', r.code, r.message);
}

/** Codes of the checks a helper runs before it acts (PROTOCOL.md, "Order of checks"): nothing was performed. */
const BEFORE_ACTING = new Set<ErrorCode>([
  'INVALID_ARGUMENT',
  'CANCELLED',
  'CAPABILITY_UNAVAILABLE',
  'SELECTOR_NOT_SEMANTIC',
  'UNAVAILABLE',
  'NOT_FOUND',
  'AMBIGUOUS',
  'STALE',
  'UNSUPPORTED_ACTION',
  'OCCLUDED',
  'DEVICE_BUSY',
]);

export type NativeAnswer<Op extends HelperOp> =
  | { ok: true; result: HelperResult<Op> }
  | {
      ok: false;
      code: ErrorCode;
      message: string;
      lost: boolean;
      /** The helper's JSON Pointer into its request (`/value`, `/action`, `/selector`…), when it gave one. */
      path?: string;
      /** The helper's `details` (e.g. `performed`, the scroll's content signatures). */
      details?: Record<string, unknown>;
    };

/** A read-only helper request (no lock needed: it changes nothing). */
export async function nativeRead<Op extends HelperOp>(
  ctx: Pick<ExecContext, 'native' | 'link' | 'operationId'>,
  op: Op,
  params: Record<string, unknown>,
): Promise<NativeAnswer<Op>> {
  if (!ctx.native) {
    const why = (await ctx.link.helperState().catch(() => null))?.problem;
    return {
      ok: false,
      code: 'CAPABILITY_UNAVAILABLE',
      message: `the helper is not running on this device${why ? `: ${why}` : ''}`,
      lost: false,
    };
  }
  try {
    const reply = await ctx.native.request(op, params, ctx.operationId);
    if (reply.ok) return { ok: true, result: reply.result };
    const { code, message, path, details } = reply.error;
    return {
      ok: false,
      code,
      message,
      lost: false,
      ...(path !== undefined && { path }),
      ...(details !== undefined && { details }),
    };
  } catch (e) {
    if (e instanceof HelperGoneError)
      return { ok: false, code: 'CAPABILITY_UNAVAILABLE', message: e.message, lost: false };
    if (e instanceof HelperLinkError) return { ok: false, code: 'DEVICE_LOST', message: e.message, lost: true };
    throw e;
  }
}

/**
 * A native write (control_action, scroll) through the lock. The helper's `details.performed` decides: true →
 * the action happened (completed, the code says what the follow-up could not finish), false → not_started.
 * Without it, a refusal of the checks the helper runs before acting is not_started (cancelled for CANCELLED);
 * any other failure (TIMEOUT, READ_FAILED, INTERNAL…) may have come after the action: unknown. A link that
 * dies before the answer leaves the outcome unknown too.
 */
export async function nativeWrite<Op extends 'control_action' | 'scroll'>(
  ctx: ExecContext,
  op: Op,
  params: Record<string, unknown>,
): Promise<{ status: Outcome['status']; answer: NativeAnswer<Op> }> {
  const sent = await ctx.lock.dispatch(() => nativeRead(ctx, op, params));
  if (!sent.ok) {
    const status = sent.error.code === 'CANCELLED' ? 'cancelled' : 'not_started';
    return { status, answer: { ok: false, code: sent.error.code, message: sent.error.message, lost: false } };
  }
  const answer = sent.value;
  if (answer.ok) return { status: 'completed', answer };
  const performed = answer.details?.performed;
  if (performed === true) return { status: 'completed', answer };
  if (performed === false || (!answer.lost && BEFORE_ACTING.has(answer.code))) {
    return { status: answer.code === 'CANCELLED' ? 'cancelled' : 'not_started', answer };
  }
  markUnknown(ctx);
  return { status: 'unknown', answer };
}
