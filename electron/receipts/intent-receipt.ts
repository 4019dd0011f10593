// The receipt of an operation that ended without writing its own (its process was killed, or it was abandoned at
// shutdown), built from the intent recorded before its first input. Shared by recovery and shutdown so both say
// the same thing the same way; neither ever writes `completed`.
import type { Owner } from '../../shared/receipts/owner';
import { RECEIPT_VERSION, type Receipt } from '../../shared/receipts/receipt';

export interface IntentFacts {
  operation_id: string;
  tool: string;
  owner: Owner;
  device_serial: string;
  device_id?: string;
  run_id?: string;
  started_at: string;
}

export interface IntentEnd {
  /** When the end was noticed; never earlier than the start. */
  finishedAt: string;
  /** The arguments as the journal stores them. */
  args: unknown;
  status: 'unknown' | 'not_started';
  code: 'CANCELLED' | 'INTERNAL';
  message: string;
}

export function receiptFromIntent(intent: IntentFacts, end: IntentEnd): Receipt {
  const finished = end.finishedAt > intent.started_at ? end.finishedAt : intent.started_at;
  return {
    receipt_version: RECEIPT_VERSION,
    operation_id: intent.operation_id,
    tool: intent.tool,
    device_serial: intent.device_serial,
    ...(intent.device_id !== undefined && { device_id: intent.device_id }),
    owner: intent.owner,
    ...(intent.run_id !== undefined && { run_id: intent.run_id }),
    started_at: intent.started_at,
    finished_at: finished,
    duration_ms: Math.max(0, Date.parse(finished) - Date.parse(intent.started_at)),
    args: end.args,
    status: end.status,
    code: end.code,
    message: end.message,
    path: null,
  };
}
