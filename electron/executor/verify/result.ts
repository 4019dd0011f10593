// Helpers the seed-004 handlers share: an observed result, a failed read, the seed failure code next to it.
import type { ErrorCode } from '../../../shared/errors';
import { failureCodeOf } from '../../../shared/verify/failure-codes';
import type { ReceiptStatus } from '../../../shared/receipts';
import { errorCodeOf, outcome, type Outcome } from '../outcome';
import { SnapshotError } from './ui-snapshot';

/** A tool's result fields on a receipt; `code` non-null adds the seed's failure_code / retryable. */
export function withResult(
  status: ReceiptStatus,
  result: Record<string, unknown>,
  code: ErrorCode | null = null,
  message: string | null = null,
  path: string | null = null,
): Outcome {
  return {
    ...outcome(status, code, message, path),
    result: code === null ? result : { ...result, ...failureCodeOf(code) },
  };
}

export function observed(result: Record<string, unknown>): Outcome {
  return withResult('observed', result);
}

/** A read that failed: observed (nothing was sent) with the read's code. */
export function readError(e: unknown, extra: Record<string, unknown> = {}): Outcome {
  const code = e instanceof SnapshotError ? e.code : errorCodeOf(e, 'READ_FAILED');
  return withResult('observed', { success: false, ...extra }, code, (e as Error).message);
}
