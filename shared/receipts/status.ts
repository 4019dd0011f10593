// Receipt statuses (native-controls.en.md, "Execution receipts") and the pure rules that combine them.
// A status says what happened to the device's INPUT; `code` says what went wrong, if anything:
//   not_started  no input was dispatched (refused before input, or never reached; a refusal carries its code)
//   observed     a read-only tool read the device and dispatched nothing (a failed read keeps its code)
//   completed    all input was dispatched and Android finished it. Never a business verdict. A code here means
//                the follow-up check could not be finished (TIMEOUT, READ_FAILED, UNAVAILABLE); a clean reading
//                that misses the target is feedback.within_tolerance=false / ensure_state.verified=false, no code.
//   partial      some input completed, then a failure stopped the rest (its code says why)
//   cancelled    a cancellation stopped it, before or during input
//   unknown      some input's outcome is unknown (e.g. the device vanished mid-gesture); never replayed
import { z } from 'zod';
import type { ErrorCode } from '../errors';

export const RECEIPT_STATUSES = ['not_started', 'observed', 'completed', 'partial', 'cancelled', 'unknown'] as const;
export const ReceiptStatusSchema = z.enum(RECEIPT_STATUSES);
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export interface StatusAndCode {
  status: ReceiptStatus;
  code: ErrorCode | null;
}

/** Whether any input of this receipt took effect on the device (completed or partly). */
export function inputTookEffect(status: ReceiptStatus): boolean {
  return status === 'completed' || status === 'partial';
}

/**
 * The status of a sequence from its members' (in index order), first rule that applies:
 *  1. no members                                         → not_started
 *  2. any member unknown                                 → unknown   (nothing can be claimed about the rest)
 *  3. any member cancelled                               → cancelled (members show how far it got)
 *  4. every member completed/observed                    → completed if any completed, else observed
 *  5. some input took effect (a member completed/partial) → partial
 *  6. some member observed                               → observed  (the device was read, no input took effect)
 *  7. otherwise                                          → not_started
 * The code is the first member code in index order (the failure that stopped the sequence), else null.
 */
export function sequenceStatus(members: readonly StatusAndCode[]): StatusAndCode {
  const code = members.find((m) => m.code !== null)?.code ?? null;
  const has = (s: ReceiptStatus) => members.some((m) => m.status === s);
  if (members.length === 0) return { status: 'not_started', code };
  if (has('unknown')) return { status: 'unknown', code };
  if (has('cancelled')) return { status: 'cancelled', code };
  if (members.every((m) => m.status === 'completed' || m.status === 'observed')) {
    return { status: has('completed') ? 'completed' : 'observed', code };
  }
  if (members.some((m) => inputTookEffect(m.status))) return { status: 'partial', code };
  if (has('observed')) return { status: 'observed', code };
  return { status: 'not_started', code };
}

/**
 * click.times: `completedTaps` taps finished before the run stopped. An uncertain last tap makes the whole
 * member unknown (it is never repeated); otherwise all taps → completed, some → partial, none → not_started.
 */
export function tapsStatus(times: number, completedTaps: number, lastTapUncertain: boolean): ReceiptStatus {
  if (lastTapUncertain) return 'unknown';
  if (completedTaps >= times) return 'completed';
  return completedTaps > 0 ? 'partial' : 'not_started';
}

/** A receipt that fully succeeded: completed or observed, and nothing went wrong. */
export function succeeded(receipt: StatusAndCode): boolean {
  return (receipt.status === 'completed' || receipt.status === 'observed') && receipt.code === null;
}
