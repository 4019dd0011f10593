// The document's autosave: every change of the document, its undo history or the flow it is goes to main
// (`document.save`, an atomic replace of <data dir>/document.json: the renderer never touches the file
// system), and the saved document comes back on start (`document.load`), so a reload or a restart finds the
// steps, the selection and undo where they were. Changes are gathered for SAVE_AFTER_MS (one drag of a handle
// changes the document on every pointer move: one save, not a hundred), never longer than SAVE_AT_MOST_MS, and
// written one save at a time; leaving the page saves what is pending at once. A save equal to the last one is
// not sent again.
import { SavedDocumentSchema } from '../../shared/document/saved-document';
import { decodeUtf8 } from '../../shared/helper-protocol/utf8';
import { api, errorText } from '../app/api';
import { useStore, type AppState } from '../app/store';
import { savedDocumentBytes } from './saved';

const SAVE_AFTER_MS = 250;
const SAVE_AT_MOST_MS = 1000;

const changed = (s: AppState, prev: AppState) =>
  s.document !== prev.document || s.history !== prev.history || s.flowMeta !== prev.flowMeta;

/** Restores the saved document when the console has not been edited yet. */
async function restore(): Promise<void> {
  const { document } = await api().request('document.load', {});
  if (!document) return;
  const parsed = SavedDocumentSchema.safeParse(JSON.parse(decodeUtf8(document)));
  const s = useStore.getState();
  if (!parsed.success || s.document.steps.length > 0 || s.history.canUndo || s.history.canRedo) return;
  s.restoreDocument(parsed.data);
  s.setFlowMeta(parsed.data.flow);
  s.setDocumentSave({ state: 'saved', at: parsed.data.saved_at, error: null });
}

export async function startDocumentAutosave(): Promise<() => void> {
  try {
    await restore();
  } catch (error) {
    useStore.getState().setDocumentSave({
      state: 'failed',
      at: null,
      error: `the saved document could not be read: ${errorText(error)}`,
    });
  }
  let timer = 0;
  let firstChangeAt = 0;
  let writing: Promise<void> | null = null;
  let again = false;
  let lastText: string | null = null;

  const save = async (): Promise<void> => {
    window.clearTimeout(timer);
    timer = 0;
    firstChangeAt = 0;
    if (writing) {
      again = true;
      return writing;
    }
    const s = useStore.getState();
    const bytes = savedDocumentBytes({ ...s.documentSnapshot(), flow: s.flowMeta }, Date.now());
    if (!bytes) {
      s.setDocumentSave({ state: 'failed', at: s.documentSave.at, error: 'the document is too large to save' });
      return;
    }
    // saved_at aside, an unchanged document is not written again.
    const text = decodeUtf8(bytes).replace(/"saved_at":\d+,/, '');
    if (text === lastText) {
      s.setDocumentSave({ ...s.documentSave, state: 'saved' });
      return;
    }
    s.setDocumentSave({ state: 'saving', at: s.documentSave.at, error: null });
    writing = api()
      .request('document.save', { document: bytes })
      .then(
        ({ saved_at }) => {
          lastText = text;
          useStore.getState().setDocumentSave({ state: 'saved', at: saved_at, error: null });
        },
        (error: unknown) =>
          useStore
            .getState()
            .setDocumentSave({ state: 'failed', at: useStore.getState().documentSave.at, error: errorText(error) }),
      )
      .finally(() => {
        writing = null;
        if (again) {
          again = false;
          void save();
        }
      });
    return writing;
  };

  const schedule = () => {
    const s = useStore.getState();
    if (s.documentSave.state !== 'pending') s.setDocumentSave({ ...s.documentSave, state: 'pending' });
    const now = Date.now();
    if (firstChangeAt === 0) firstChangeAt = now;
    window.clearTimeout(timer);
    timer = window.setTimeout(
      () => void save(),
      Math.max(0, Math.min(SAVE_AFTER_MS, firstChangeAt + SAVE_AT_MOST_MS - now)),
    );
  };
  const flush = () => {
    if (timer !== 0) void save();
  };
  const unsubscribe = useStore.subscribe((s, prev) => {
    if (changed(s, prev)) schedule();
  });
  window.addEventListener('pagehide', flush);
  const onHidden = () => document.visibilityState === 'hidden' && flush();
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
    flush();
  };
}
