// The journal's line kinds besides receipts. A receipt line is the completion record of its operation; before
// the first input an operation appends an intent record (write-ahead), and long operations may append
// progress records. A line is told apart by its first key: receipts carry `receipt_version`, these `record`.
import { z } from 'zod';
import { OwnerSchema } from '../../shared/receipts/owner';
import { RunIdSchema } from '../../shared/receipts/run';
import { ReceiptSchema, type Receipt } from '../../shared/receipts/receipt';

const isoTime = z.iso.datetime({ offset: true });

export const IntentRecordSchema = z.strictObject({
  record: z.literal('intent'),
  record_version: z.literal(1),
  operation_id: z.string().min(1).max(128),
  tool: z.string().min(1),
  /** SHA-256 of the JSON text of the validated arguments (the receipt keeps the arguments themselves). */
  args_sha256: z.string().regex(/^[a-f0-9]{64}$/),
  owner: OwnerSchema,
  /** /proc start time of the owner process, so recovery never mistakes a reused pid for the owner. */
  owner_start: z.string().nullable(),
  device_serial: z.string().min(1),
  /** The device's identity (what the lock is keyed by), when the executor resolved one. */
  device_id: z.string().min(1).optional(),
  /** The run of the operation, so a recovered receipt stays in its run. */
  run_id: RunIdSchema.optional(),
  started_at: isoTime,
  /** When the intent was written: no input of the operation was sent before this. */
  at: isoTime,
});
export type IntentRecord = z.infer<typeof IntentRecordSchema>;

export const ProgressRecordSchema = z.strictObject({
  record: z.literal('progress'),
  record_version: z.literal(1),
  operation_id: z.string().min(1).max(128),
  /** Input events the backend reported dispatched so far (at least this many reached the device). */
  events: z.int().min(0),
  at: isoTime,
});
export type ProgressRecord = z.infer<typeof ProgressRecordSchema>;

export type JournalRecord =
  | { kind: 'receipt'; value: Receipt }
  | { kind: 'intent'; value: IntentRecord }
  | { kind: 'progress'; value: ProgressRecord };

/** Classifies one parsed line, or says why it is not a journal record. */
export function toJournalRecord(value: unknown): { ok: true; record: JournalRecord } | { ok: false } {
  const kind = typeof value === 'object' && value !== null ? (value as { record?: unknown }).record : undefined;
  if (kind === 'intent') {
    const parsed = IntentRecordSchema.safeParse(value);
    return parsed.success ? { ok: true, record: { kind: 'intent', value: parsed.data } } : { ok: false };
  }
  if (kind === 'progress') {
    const parsed = ProgressRecordSchema.safeParse(value);
    return parsed.success ? { ok: true, record: { kind: 'progress', value: parsed.data } } : { ok: false };
  }
  const parsed = ReceiptSchema.safeParse(value);
  return parsed.success ? { ok: true, record: { kind: 'receipt', value: parsed.data } } : { ok: false };
}
