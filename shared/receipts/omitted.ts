// A value a stored receipt (the journal, events to every client) leaves out because it is long: its type, the
// UTF-8 byte length and SHA-256 of its JSON text, so it can still be matched against a copy kept elsewhere.
// A node tree left out says where it is kept: `evidence` names its blob in the evidence store.
import { z } from 'zod';

const sha256 = z.string().regex(/^[a-f0-9]{64}$/);

export const OmittedValueSchema = z.strictObject({
  $omitted: z.literal(true),
  type: z.enum(['string', 'number', 'boolean', 'array', 'object', 'null']),
  /** UTF-8 bytes of the value's JSON text; null when it could not be serialized at all. */
  length: z.int().min(0).nullable(),
  sha256: sha256.nullable(),
  /** Elements, for an array (the nodes of a tree). */
  count: z.int().min(0).optional(),
  /** Where the value is kept in full: a node tree in the evidence store. */
  evidence: z.strictObject({ kind: z.literal('tree'), sha256 }).optional(),
});
export type OmittedValue = z.infer<typeof OmittedValueSchema>;

/** A text field of a stored receipt: the text, or its omission marker when it is over the cap. */
export const StoredTextSchema = z.union([z.string(), OmittedValueSchema]);
