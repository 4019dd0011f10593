// The receipt debugger's channels (issue 15), spread into REQUESTS by contract.ts: runs with their counts and
// outcome, pages of a run's receipts read through the journal index, evidence blobs by SHA-256, and the report.
import { z } from 'zod';
import {
  EvidenceBatchRequestSchema,
  EvidenceBatchSchema,
  EvidenceBlobSchema,
  ReceiptPageRequestSchema,
  ReceiptPageSchema,
  ReportRequestSchema,
  ReportResultSchema,
  RunsListRequestSchema,
  RunSummarySchema,
  Sha256Schema,
} from '../evidence/schemas';
import { RunIdSchema } from '../receipts/run';

export const EVIDENCE_REQUESTS = {
  /** Runs newest first (by their last receipt), with counts per status and the outcome. */
  'runs.list': { request: RunsListRequestSchema, response: z.strictObject({ runs: z.array(RunSummarySchema) }) },
  /** A page of receipts matching the filter, each with the evidence kept for it; never re-reads the whole journal. */
  'receipts.page': { request: ReceiptPageRequestSchema, response: ReceiptPageSchema },
  /** A screen or a node tree by its SHA-256 (from a page's evidence); NOT_FOUND once retention removed it. */
  'evidence.get': { request: z.strictObject({ sha256: Sha256Schema }), response: EvidenceBlobSchema },
  /** Many blobs in one reply, as stored (trees compressed): a run's thumbnails at once, a scrub window's screens and trees. */
  'evidence.batch': { request: EvidenceBatchRequestSchema, response: EvidenceBatchSchema },
  /** Writes one self-contained HTML report (opens from file://) of the selected receipts; the debugger's button. */
  'report.generate': { request: ReportRequestSchema, response: ReportResultSchema },
};

export const EVIDENCE_EVENTS = {
  /** An operation's evidence was stored (after its receipt: the after capture waits for the screen to settle). */
  'evidence.recorded': z.strictObject({ run_id: RunIdSchema.nullable(), operation_id: z.string().min(1).max(128) }),
};
