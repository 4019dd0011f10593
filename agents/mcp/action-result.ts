// Seed 000's output contract: every tool answers an ActionResult (observe_screen an ObserveResult, see
// observe-result.ts) built from the Tactile receipt, which travels whole in `metadata.receipt`.
import { succeeded, type Receipt } from '../../shared/receipts';
import type { Decision } from '../approvals';
import { seedCodeOf, type ApprovalOutcome, type SeedActionCode } from './seed-codes';

export interface ActionResult {
  ok: boolean;
  code: SeedActionCode;
  action: string;
  message: string;
  detail: string | null;
  normalized_coordinates: number[] | null;
  duration_ms: number | null;
  metadata: Record<string, unknown>;
}

type Point = [number, number];
const isPoint = (v: unknown): v is Point => Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n));

/** The normalized points the call named (target, or start and end), flattened; null for pixel calls or none. */
export function normalizedCoordinates(args: unknown): number[] | null {
  if (typeof args !== 'object' || args === null) return null;
  const a = args as Record<string, unknown>;
  if (a['coordinate_space'] === 'pixel') return null;
  const points = [a['target'], a['start'], a['end']].filter(isPoint);
  return points.length > 0 ? points.flat() : null;
}

/** A receipt as an ActionResult: ok only when it succeeded; the Tactile code and path go in `detail`. */
export function actionResultFromReceipt(receipt: Receipt, approval: Record<string, unknown> | null): ActionResult {
  const ok = succeeded(receipt);
  const code: SeedActionCode = ok ? 'OK' : receipt.code ? seedCodeOf(receipt.code, receipt.tool) : 'DEVICE_ERROR';
  const where = receipt.path ? ` at ${receipt.path}` : '';
  return {
    ok,
    code,
    action: receipt.tool,
    message: receipt.message ?? `${receipt.tool} ${receipt.status}`,
    detail: ok ? null : `${receipt.code ?? receipt.status.toUpperCase()}${where} (status ${receipt.status})`,
    normalized_coordinates: normalizedCoordinates(receipt.args),
    duration_ms: receipt.duration_ms,
    metadata: { receipt, ...(approval && { approval }) },
  };
}

const APPROVAL_OUTCOME: Record<Exclude<Decision['verdict'], 'approved'>, ApprovalOutcome> = {
  rejected: 'APPROVAL_REJECTED',
  expired: 'APPROVAL_EXPIRED',
  cancelled: 'APPROVAL_CANCELLED',
  // Nobody is there to read it (the agent went away); said for the journal of decisions and any late reader.
  withdrawn: 'APPROVAL_CANCELLED',
};

/** A call the owner (or time) did not approve: nothing ran, so there is no receipt. */
export function actionResultFromRefusal(
  tool: string,
  args: unknown,
  requestId: string,
  decision: Decision & { verdict: Exclude<Decision['verdict'], 'approved'> },
): ActionResult {
  const outcome = APPROVAL_OUTCOME[decision.verdict];
  const why = decision.reason ? `: ${decision.reason}` : '';
  return {
    ok: false,
    code: seedCodeOf(outcome, tool),
    action: tool,
    message: `${tool} was ${decision.verdict} by ${decision.by}${why}; nothing was sent to the device`,
    detail: outcome,
    normalized_coordinates: normalizedCoordinates(args),
    duration_ms: null,
    metadata: { approval: { request_id: requestId, ...decision } },
  };
}
