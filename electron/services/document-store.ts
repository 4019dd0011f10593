// The studio's document, autosaved: <data dir>/document.json, written by main only (the renderer sends the
// document's bytes through `document.save`, reads them back with `document.load`). Every save is checked
// against shared/document's schema (refused with INVALID_ARGUMENT and the path of the first problem) and
// replaces the file atomically (electron/flows/atomic-file.ts), one write at a time in arrival order, so a
// reader or a crash sees the previous document or the new one, never a mix, and never an older one last.
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { decodeUtf8 } from '../../shared/helper-protocol/utf8';
import { SAVED_DOCUMENT_FORMAT, SavedDocumentSchema } from '../../shared/document/saved-document';
import { IpcError, type Handlers } from '../../shared/ipc';
import { parseBoundedJson } from '../../shared/limits/json-bounds';
import { replaceFileAtomic } from '../flows/atomic-file';

/** The document's JSON limits: larger than a request's (a long undo history), still bounded before parsing. */
const DOCUMENT_LIMITS = { maxChars: 4 * 1024 * 1024, maxDepth: 64, maxNodes: 2_000_000 };

function parseDocument(bytes: Uint8Array): { ok: true } | { ok: false; path: string; message: string } {
  const bounded = parseBoundedJson(decodeUtf8(bytes), DOCUMENT_LIMITS, 'the document');
  if (!bounded.ok) return { ok: false, path: '/document', message: bounded.error.message };
  const parsed = SavedDocumentSchema.safeParse(bounded.value);
  if (parsed.success) return { ok: true };
  const issue = parsed.error.issues[0]!;
  return { ok: false, path: `/document/${issue.path.join('/')}`, message: issue.message };
}

export class DocumentStore {
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: string) {}

  /** The saved document's bytes, or null when there is none or it no longer parses (it is then replaced on the next save). */
  async load(): Promise<Uint8Array | null> {
    const bytes = await readFile(this.file).catch(() => null);
    if (!bytes) return null;
    const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return parseDocument(data).ok ? data : null;
  }

  async save(bytes: Uint8Array): Promise<number> {
    const checked = parseDocument(bytes);
    if (!checked.ok)
      throw new IpcError({
        code: 'INVALID_ARGUMENT',
        path: checked.path,
        message: `the document does not match ${SAVED_DOCUMENT_FORMAT}: ${checked.message}`,
      });
    const text = decodeUtf8(bytes);
    const write = this.writing.then(async () => {
      mkdirSync(dirname(this.file), { recursive: true });
      await replaceFileAtomic(this.file, text);
    });
    this.writing = write.catch(() => undefined);
    await write;
    return Date.now();
  }
}

export function documentHandlers(store: DocumentStore): Pick<Handlers, 'document.load' | 'document.save'> {
  return {
    'document.load': async () => ({ document: await store.load() }),
    'document.save': async ({ document }) => ({ saved_at: await store.save(document) }),
  };
}
