// The studio's document as autosaved to <data dir>/document.json (main owns the file; the renderer sends it as
// bytes through `document.save` and reads it back with `document.load`): the steps as written (each call kept
// as it is, valid or not: its check is derived again on load), the selection, the undo history (named marks
// and immer patches, the checks left out), the counters that keep new ids unique, and which library flow the
// document is with the text last saved there (so an unsaved flow is still known as one after a restart).
// Checked with zod on both sides: main refuses a document that does not match, the renderer ignores one.
import { z } from 'zod';
import { ToolEnvelopeSchema } from '../actions/envelope';
import { RecordedOnSchema } from '../flows/format';

export const SAVED_DOCUMENT_FORMAT = 'tactile.document/1';
/** The file's largest size; the renderer drops the oldest undo steps until the document fits. */
export const MAX_SAVED_DOCUMENT_BYTES = 3 * 1024 * 1024;
export const MAX_SAVED_STEPS = 10_000;
export const MAX_SAVED_HISTORY_ENTRIES = 20_000;

const IdSchema = z.string().min(1).max(200);

export const SavedStepSchema = z.strictObject({
  id: IdSchema,
  envelope: ToolEnvelopeSchema,
  source: z.enum(['manual', 'recorded', 'edit']),
  extra: z
    .strictObject({
      label: z.string().nullable(),
      expect: z.strictObject({ wait_until: z.record(z.string(), z.unknown()) }).optional(),
    })
    .optional(),
});

/** One immer patch (its value any JSON). */
export const SavedPatchSchema = z.strictObject({
  op: z.enum(['add', 'remove', 'replace']),
  path: z.array(z.union([z.string(), z.number()])).max(64),
  value: z.unknown().optional(),
});

export const SavedHistoryEntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('mark'), id: IdSchema, name: z.string().max(400) }),
  z.strictObject({ kind: z.literal('diff'), redo: z.array(SavedPatchSchema), undo: z.array(SavedPatchSchema) }),
]);

export const SavedFlowMetaSchema = z.strictObject({
  id: z.string().max(255).nullable(),
  name: z.string().max(400),
  description: z.string().max(10_000),
  recorded_on: RecordedOnSchema.nullable(),
  saved: z.string().nullable(),
});

export const SavedDocumentSchema = z.strictObject({
  format: z.literal(SAVED_DOCUMENT_FORMAT),
  saved_at: z.number(),
  steps: z.array(SavedStepSchema).max(MAX_SAVED_STEPS),
  selection: z.array(IdSchema).max(MAX_SAVED_STEPS),
  history: z.strictObject({
    undos: z.array(SavedHistoryEntrySchema).max(MAX_SAVED_HISTORY_ENTRIES),
    redos: z.array(SavedHistoryEntrySchema).max(MAX_SAVED_HISTORY_ENTRIES),
    /** The next mark number, so a restored history's mark ids stay unique. */
    seq: z.int().min(0),
  }),
  /** The next step number, so a restored document's new step ids stay unique. */
  step_seq: z.int().min(0),
  flow: SavedFlowMetaSchema,
});
export type SavedDocument = z.infer<typeof SavedDocumentSchema>;
export type SavedHistoryEntry = z.infer<typeof SavedHistoryEntrySchema>;
