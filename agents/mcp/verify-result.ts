// Seed 004's output for its own tools: the action envelope (action tools) and the tool's result fields at
// the top level, as the seed lists them, plus `ok`, the Tactile code and message, and the whole receipt in
// `metadata` as seed 000's ActionResult carries it.
import { succeeded, type Receipt } from '../../shared/receipts';

export interface VerifyResult {
  ok: boolean;
  code: string | null;
  message: string | null;
  metadata: Record<string, unknown>;
  [field: string]: unknown;
}

export function verifyResultFromReceipt(receipt: Receipt, approval: Record<string, unknown> | null): VerifyResult {
  const fields =
    typeof receipt.result === 'object' && receipt.result !== null ? (receipt.result as Record<string, unknown>) : {};
  return {
    ...(receipt.action_envelope ?? {}),
    ...fields,
    ok: succeeded(receipt),
    code: receipt.code,
    message: receipt.message,
    metadata: { receipt, ...(approval && { approval }) },
  };
}
