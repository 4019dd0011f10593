// The document's autosave channels: the renderer never touches the file system, so main keeps the studio's
// document (shared/document) in <data dir>/document.json, replaced atomically on every save.
import { z } from 'zod';
import { MAX_SAVED_DOCUMENT_BYTES } from '../document/saved-document';
import { BytesSchema } from './schemas';

export const DOCUMENT_REQUESTS = {
  /** The last saved document as UTF-8 JSON bytes, or null when none was saved (or the file does not parse). */
  'document.load': { request: z.strictObject({}), response: z.strictObject({ document: BytesSchema.nullable() }) },
  /** Validates the document (INVALID_ARGUMENT with its path otherwise) and replaces the file atomically. */
  'document.save': {
    request: z.strictObject({
      document: BytesSchema.refine(
        (d) => d.byteLength <= MAX_SAVED_DOCUMENT_BYTES,
        `expected at most ${MAX_SAVED_DOCUMENT_BYTES} bytes`,
      ),
    }),
    response: z.strictObject({ saved_at: z.number() }),
  },
};
