// The evidence of receipts as the IPC contract carries it: which screens and node trees were kept for an
// operation (content-addressed by SHA-256), the journal index's filters and pages, run summaries, and the
// report request. The store itself lives in electron/receipts/ (evidence-store.ts).
import { z } from 'zod';
import { ObservedTreeSchema } from '../observation';
import { OwnerSchema } from '../receipts/owner';
import { ReceiptSchema } from '../receipts/receipt';
import { RECEIPT_STATUSES, ReceiptStatusSchema } from '../receipts/status';
import { RunIdSchema, RUN_SOURCES } from '../receipts/run';

const isoTime = z.iso.datetime({ offset: true });
const Bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'expected bytes' });

/** Lower-case hex SHA-256 of a stored blob's bytes: the blob's name in the store. */
export const Sha256Schema = z.string().regex(/^[a-f0-9]{64}$/, 'expected a lower-case hex SHA-256');

export const SCREEN_MEDIA_TYPES = ['image/webp', 'image/jpeg'] as const;

/**
 * A small copy of a stored screen (same media type, long side ≤ 320 px), a blob of its own: the debugger draws it
 * while scrubbing, at once, until the full screen is decoded. Screens stored before it existed have none.
 */
export const ThumbnailRefSchema = z.strictObject({
  sha256: Sha256Schema,
  width: z.int().positive(),
  height: z.int().positive(),
});

export const ScreenRefSchema = z.strictObject({
  sha256: Sha256Schema,
  media_type: z.enum(SCREEN_MEDIA_TYPES),
  /** The stored picture's size; the device screen's size is the tree's `screen`. */
  width: z.int().positive(),
  height: z.int().positive(),
  thumbnail: ThumbnailRefSchema.optional(),
});
export type ScreenRef = z.infer<typeof ScreenRefSchema>;

/**
 * What the store kept around one operation. Input: the screen and tree before the first input and after it settled.
 * A read (observe_screen, read_control, wait_until, expect_*, wait_for_*): what it saw, as `screen_after` and
 * `tree_after` — the tree its answer came from and a screen of the same moment — with nothing before. A part that
 * could not be captured is null.
 */
export const EvidenceRefsSchema = z.strictObject({
  operation_id: z.string().min(1).max(128),
  run_id: RunIdSchema.nullable(),
  /** input (absent on evidence stored before reads had any) or read. */
  kind: z.enum(['input', 'read']).optional(),
  screen_before: ScreenRefSchema.nullable(),
  screen_after: ScreenRefSchema.nullable(),
  /** SHA-256 of the zlib-compressed JSON ObservedTree. */
  tree_before: Sha256Schema.nullable(),
  tree_after: Sha256Schema.nullable(),
  /**
   * Input: true when the after capture waited until two consecutive frames matched; false when it gave up waiting
   * (or the next operation began). Read: true when the screen was taken with the very tree the read used.
   */
  settled: z.boolean(),
  /** Host time the after capture was taken. */
  captured_at: isoTime,
  /** Why this operation's evidence did not land (capture or write failed); every reference is then null. */
  missing: z.string().min(1).max(500).optional(),
});
export type EvidenceRefs = z.infer<typeof EvidenceRefsSchema>;

/** A blob fetched by its SHA-256: a compact screen picture, or a node tree (decompressed and parsed). */
export const EvidenceBlobSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('screen'),
    sha256: Sha256Schema,
    media_type: z.enum(SCREEN_MEDIA_TYPES),
    width: z.int().positive(),
    height: z.int().positive(),
    data: Bytes,
  }),
  z.strictObject({ kind: z.literal('tree'), sha256: Sha256Schema, tree: ObservedTreeSchema }),
]);
export type EvidenceBlob = z.infer<typeof EvidenceBlobSchema>;

/**
 * A blob as stored, for a batch: a screen's picture, or a tree still zlib-compressed (its JSON is inflated and
 * parsed off the page's main thread, by the debugger's tree worker).
 */
export const EvidenceRawSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('screen'),
    sha256: Sha256Schema,
    media_type: z.enum(SCREEN_MEDIA_TYPES),
    width: z.int().positive(),
    height: z.int().positive(),
    data: Bytes,
  }),
  z.strictObject({ kind: z.literal('tree'), sha256: Sha256Schema, encoding: z.literal('zlib-json'), data: Bytes }),
]);
export type EvidenceRaw = z.infer<typeof EvidenceRawSchema>;

/** At most this many blobs per batch (a run's thumbnails fit in one or two). */
export const MAX_BATCH_BLOBS = 512;

export const EvidenceBatchRequestSchema = z.strictObject({
  sha256s: z.array(Sha256Schema).min(1).max(MAX_BATCH_BLOBS),
});

export const EvidenceBatchSchema = z.strictObject({
  blobs: z.array(EvidenceRawSchema),
  /** Never stored, or removed by retention. */
  missing: z.array(Sha256Schema),
  /** Left for another request: the reply reached its size bound first. */
  deferred: z.array(Sha256Schema),
});

const few = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(32).optional();

/** Filters of a page of receipts; every given filter must hold (values within one filter are alternatives). */
export const ReceiptFilterSchema = z.strictObject({
  run_id: RunIdSchema.optional(),
  status: few(ReceiptStatusSchema),
  /** Error codes; `null` in the list matches receipts without a code. */
  code: few(z.string().min(1).max(64).nullable()),
  tool: few(z.string().min(1).max(64)),
  /** The owner's client name (console, cli, agent:<name>, …). */
  owner: few(z.string().min(1).max(64)),
  /** adb's canonical serial, or the device identity. */
  device: z.string().min(1).max(255).optional(),
  operation_id: z.string().min(1).max(128).optional(),
  /** started_at ≥ since and < until. */
  since: isoTime.optional(),
  until: isoTime.optional(),
});
export type ReceiptFilter = z.infer<typeof ReceiptFilterSchema>;

export const ReceiptPageRequestSchema = z.strictObject({
  filter: ReceiptFilterSchema,
  /** The previous page's next_cursor; null for the first page. */
  cursor: z.string().max(200).nullable(),
  limit: z.int().min(1).max(500),
  /** asc: oldest first (a run's timeline); desc: newest first (the receipts panel). */
  order: z.enum(['asc', 'desc']),
});

export const ReceiptPageItemSchema = z.strictObject({
  receipt: ReceiptSchema,
  evidence: EvidenceRefsSchema.nullable(),
});
export type ReceiptPageItem = z.infer<typeof ReceiptPageItemSchema>;

export const ReceiptPageSchema = z.strictObject({
  items: z.array(ReceiptPageItemSchema),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
  /** Receipts matching the filter in the whole journal. */
  total: z.int().min(0),
});
export type ReceiptPage = z.infer<typeof ReceiptPageSchema>;

/**
 * How a run ended, worst first: unknown (some input's outcome unknown), partial, cancelled, failed (a receipt
 * carries an error code: refused, or completed with a follow-up problem), completed (every receipt clean).
 */
export const RUN_OUTCOMES = ['unknown', 'partial', 'cancelled', 'failed', 'completed'] as const;
export const RunOutcomeSchema = z.enum(RUN_OUTCOMES);
export type RunOutcome = z.infer<typeof RunOutcomeSchema>;

export const RunSummarySchema = z.strictObject({
  run_id: RunIdSchema,
  source: z.enum(RUN_SOURCES),
  /**
   * The run in words: the flow's name, the name given to `tactile run --run`, the MCP client's name (an agent's
   * session), `bridge`; null for a console session or an unnamed CLI call.
   */
  name: z.string().max(128).nullable(),
  owner: OwnerSchema,
  /** Canonical serials of the devices the run acted on, in order of first use. */
  devices: z.array(z.string()),
  started_at: isoTime,
  finished_at: isoTime,
  receipts: z.int().min(0),
  /** Receipts per status (every status present, 0 when none). */
  counts: z.record(z.enum(RECEIPT_STATUSES), z.int().min(0)),
  /** Receipts that carry an error code. */
  with_code: z.int().min(0),
  outcome: RunOutcomeSchema,
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

export const RunsListRequestSchema = z.strictObject({
  limit: z.int().min(1).max(1000),
  /** Only runs with a receipt at or after this time. */
  since: isoTime.optional(),
});

/** Which receipts a report shows: one run, the last N receipts, or every receipt since a time. */
export const ReportSelectionSchema = z.union([
  z.strictObject({ run_id: RunIdSchema }),
  z.strictObject({ last: z.int().min(1).max(100_000) }),
  z.strictObject({ since: isoTime }),
]);
export type ReportSelection = z.infer<typeof ReportSelectionSchema>;

export const ReportRequestSchema = z.strictObject({
  selection: ReportSelectionSchema,
  /** Absolute path of the .html file to write; null: <data>/reports/<name>.html. */
  // Checked here, not only documented: a relative path would land wherever the console was started.
  out: z
    .string()
    .min(1)
    .max(4096)
    .refine((p) => /^(\/|[A-Za-z]:[\\/])/.test(p) && /\.html?$/i.test(p), 'an absolute path of an .html file')
    .nullable(),
});

export const ReportResultSchema = z.strictObject({
  path: z.string(),
  size_bytes: z.int().min(0),
  steps: z.int().min(0),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;
