// Every input goes through the held device lock (FIFO, refused once cancelled or while earlier input is
// uncertain). Input whose outcome is unknown marks the lock uncertain and is never sent again, on any backend.
import type { PointerStroke } from '../../shared/gesture';
import type { HelperOp } from '../../shared/helper-protocol';
import type { ErrorCode } from '../../shared/errors';
import { HelperLinkError, type HelperResult } from '../helper/helper-channel';
import type { DispatchFigures } from '../input/input-backend';
import type { ExecContext } from './context';
import { outcome, type Outcome } from './outcome';

/** After input of unknown outcome the device stays occupied this long (nothing may overtake it). */
const UNCERTAIN_HOLD_MS = 3000;

export type Sent = Outcome & { dispatch?: DispatchFigures };

/** Input of unknown outcome: keeps the device occupied so nothing overtakes it. */
export function markUnknown(ctx: ExecContext): void {
  ctx.lock.markUncertain(Date.now() + UNCERTAIN_HOLD_MS);
}

/** One continuous contact through the operation's input backend. */
export async function sendStrokes(ctx: ExecContext, strokes: readonly PointerStroke[]): Promise<Sent> {
  const sent = await ctx.lock.dispatch(() => ctx.input.dispatch(strokes, ctx.operationId, ctx.signal));
  if (!sent.ok) return outcome(sent.error.code === 'CANCELLED' ? 'cancelled' : 'not_started', sent.error.code, sent.error.message);
  const r = sent.value;
  if (r.ok) return { ...outcome('completed'), dispatch: r.figures };
  if (r.code === 'CANCELLED') return outcome('cancelled', r.code, r.message); // the helper ended the contact with ACTION_CANCEL
  if (!r.uncertain) return outcome('not_started', r.code, r.message);
  markUnknown(ctx);
  return outcome('unknown', r.code, r.message);
}

export type NativeAnswer<Op extends HelperOp> = { ok: true; result: HelperResult<Op> } | { ok: false; code: ErrorCode; message: string; lost: boolean };

/** A read-only helper request (no lock needed: it changes nothing). */
export async function nativeRead<Op extends HelperOp>(ctx: ExecContext, op: Op, params: Record<string, unknown>): Promise<NativeAnswer<Op>> {
  if (!ctx.native) return { ok: false, code: 'CAPABILITY_UNAVAILABLE', message: 'the helper is not running on this device', lost: false };
  try {
    const reply = await ctx.native.request(op, params, ctx.operationId);
    return reply.ok ? { ok: true, result: reply.result } : { ok: false, code: reply.error.code, message: reply.error.message, lost: false };
  } catch (e) {
    if (e instanceof HelperLinkError) return { ok: false, code: 'DEVICE_LOST', message: e.message, lost: true };
    throw e;
  }
}

/**
 * A native write (control_action, scroll) through the lock. A refusal by the helper happened before it acted
 * (not_started); a link that dies before the answer leaves the outcome unknown.
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
  if (answer.lost) {
    markUnknown(ctx);
    return { status: 'unknown', answer };
  }
  return { status: answer.code === 'CANCELLED' ? 'cancelled' : 'not_started', answer };
}
