// What one tool or member produced: the receipt fields minus the envelope the pipeline adds (ids, owner,
// timings). Handlers return an Outcome; the pipeline turns it into a Receipt.
import type { MemberReceipt, Receipt, ReceiptStatus } from '../../shared/receipts';
import { isErrorCode, type ErrorCode, type TactileError } from '../../shared/errors';

export type Outcome = Omit<MemberReceipt, 'index' | 'tool' | 'duration_ms'> &
  Pick<Receipt, 'observation_before' | 'observation_after' | 'members' | 'feedback' | 'action_envelope' | 'result'>;

export function outcome(
  status: ReceiptStatus,
  code: ErrorCode | null = null,
  message: string | null = null,
  path: string | null = null,
): Outcome {
  return { status, code, message, path };
}

/** The stable code a thrown error carries, else `fallback`: a raw errno code would make the receipt invalid. */
export function errorCodeOf(e: unknown, fallback: ErrorCode): ErrorCode {
  const code = (e as { code?: unknown } | null)?.code;
  return isErrorCode(code) ? code : fallback;
}

export const refused = (code: ErrorCode, message: string, path: string | null = null): Outcome =>
  outcome('not_started', code, message, path);

export function fromErrors(errors: readonly TactileError[]): Outcome {
  const first = errors[0]!;
  const more =
    errors.length > 1
      ? ` (+${errors.length - 1} more: ${errors
          .slice(1)
          .map((e) => `${e.code} at ${e.path || '/'}`)
          .join(', ')})`
      : '';
  return refused(first.code, first.message + more, first.path);
}

/** A failure code on an outcome that keeps its status (e.g. completed input whose check timed out). */
export function withCode(o: Outcome, code: ErrorCode, message: string): Outcome {
  return { ...o, code, message };
}

/**
 * A refused action_sequence still lists its members, all not started; the member the first error points into
 * (`/args/steps/i/…`) carries the code, or member 0 when the error is about the whole group.
 */
export function refusedSequence(o: Outcome, steps: ReadonlyArray<{ action: string }>): Outcome {
  const at = /^\/args\/steps\/(\d+)(\/|$)/.exec(o.path ?? '');
  const index = at ? Number(at[1]) : 0;
  return {
    ...o,
    members: steps.map((s, i) => ({
      index: i,
      tool: s.action,
      duration_ms: null,
      ...(i === index
        ? { status: o.status, code: o.code, message: o.message, path: o.path }
        : { status: 'not_started' as const, code: null, message: null, path: null }),
    })),
  };
}
