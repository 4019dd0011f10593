// The document slice: the studio's working sequence with selection and undo history (history.ts). Every
// edit goes through `History.change`, so it is recorded as patches under a named mark; selection and
// revalidation are not edits and change state without history.
import type { ToolEnvelope } from '../../shared/actions';
import { currentCapabilities, currentScreen } from '../app/selectors';
import type { SliceCreator } from '../app/store';
import type { SavedDocument } from '../../shared/document/saved-document';
import { History, type HistoryStatus } from './history';
import { restoredHistory, restoredSteps, type DocumentSnapshot } from './saved';
import {
  checkStep,
  EMPTY_DOCUMENT,
  type CheckContext,
  type DocumentState,
  type StepExtra,
  type StepSource,
} from './steps';

export interface DocumentSlice {
  document: DocumentState;
  history: HistoryStatus;
  /** Appends a step (validated against the current screen) as one undo step; returns its id. */
  addStep(envelope: ToolEnvelope, source?: StepSource): string;
  /**
   * Inserts steps at `at` (default: the end; at the step `replacing`, which they replace) under one named mark;
   * `labels[i]` labels the i-th (a recording names each step after its target). Returns their ids.
   */
  insertSteps(
    envelopes: readonly ToolEnvelope[],
    options: {
      mark: string;
      source?: StepSource;
      at?: number;
      replacing?: string;
      labels?: ReadonlyArray<string | null>;
    },
  ): string[];
  /** Replaces the steps `ids` (consecutive) with one step at the first one's place, under one named mark. */
  replaceSteps(ids: readonly string[], envelope: ToolEnvelope, mark: string): string | null;
  /** Replaces the whole document (a flow opened from the library) as one undoable edit. */
  loadSteps(items: ReadonlyArray<{ envelope: ToolEnvelope; extra?: StepExtra }>, mark: string): void;
  /** Replaces a step's envelope (and label when given); inside an open mark (a handle drag) it joins that mark's undo step. */
  updateStep(id: string, envelope: ToolEnvelope, options?: { mark?: boolean; label?: string | null }): void;
  removeSteps(ids: readonly string[]): void;
  moveStep(id: string, to: number): void;
  selectSteps(ids: readonly string[]): void;
  /** Opens a named stopping point; returns its id for bailToMark. */
  markHistory(name: string): string;
  bailToMark(id: string): void;
  undo(): void;
  redo(): void;
  /** Checks every step again (device switched or rotated, capabilities known); not an undoable edit. */
  revalidateSteps(context?: CheckContext): void;
  /** The document with its history and id counter, for the autosave (the flow's part is the flows slice's). */
  documentSnapshot(): Omit<DocumentSnapshot, 'flow'>;
  /** Puts back an autosaved document: steps, selection, undo history; every step checked again. */
  restoreDocument(saved: SavedDocument): void;
  /** The autosave's state, for the steps panel. */
  documentSave: DocumentSaveState;
  setDocumentSave(state: DocumentSaveState): void;
}

export interface DocumentSaveState {
  /** pending: a change waits for its save. */
  state: 'idle' | 'pending' | 'saving' | 'saved' | 'failed';
  /** When the last save landed (epoch ms). */
  at: number | null;
  error: string | null;
}

const NO_HISTORY: HistoryStatus = { canUndo: false, canRedo: false, undoName: null, redoName: null };

export const createDocumentSlice: SliceCreator<DocumentSlice> = (set, get) => {
  let seq = 0;
  const history = new History<DocumentState>(
    () => get().document,
    (document) => set({ document }),
  );
  // Published only when it changed: a handle drag updates the document on every move, the status once.
  const publish = () => {
    const next = history.status();
    const now = get().history;
    if (
      next.canUndo !== now.canUndo ||
      next.canRedo !== now.canRedo ||
      next.undoName !== now.undoName ||
      next.redoName !== now.redoName
    )
      set({ history: next });
  };
  const context = (): CheckContext => ({ screen: currentScreen(get()), capabilities: currentCapabilities(get()) });
  const tidy = () => {
    // Undo/redo may bring back steps checked on another device state, and may remove selected steps.
    const ctx = context();
    history.change((d) => {
      const ids = new Set(d.steps.map((s) => s.id));
      d.selection = d.selection.filter((id) => ids.has(id));
      for (const step of d.steps) step.check = checkStep(step.envelope, ctx);
    }, 'ignore');
  };
  return {
    document: EMPTY_DOCUMENT,
    history: NO_HISTORY,
    addStep: (envelope, source = 'edit') => {
      const id = `step${++seq}`;
      const check = checkStep(envelope, context());
      history.mark(`add ${envelope.tool}`);
      history.change((d) => {
        d.steps.push({ id, envelope, source, check });
      });
      history.change((d) => {
        d.selection = [id];
      }, 'ignore');
      publish();
      return id;
    },
    insertSteps: (envelopes, { mark, source = 'edit', at, replacing, labels }) => {
      const ctx = context();
      const made = envelopes.map((envelope, i) => {
        const label = labels?.[i] ?? null;
        return {
          id: `step${++seq}`,
          envelope,
          source,
          check: checkStep(envelope, ctx),
          ...(label !== null && { extra: { label } }),
        };
      });
      if (made.length === 0) return [];
      history.mark(mark);
      history.change((d) => {
        const replaced = replacing === undefined ? -1 : d.steps.findIndex((s) => s.id === replacing);
        if (replaced >= 0) d.steps.splice(replaced, 1, ...made);
        else d.steps.splice(at ?? d.steps.length, 0, ...made);
      });
      history.change((d) => {
        d.selection = made.map((m) => m.id);
      }, 'ignore');
      publish();
      return made.map((m) => m.id);
    },
    replaceSteps: (ids, envelope, mark) => {
      const steps = get().document.steps;
      const at = steps.findIndex((s) => ids.includes(s.id));
      if (at < 0) return null;
      const id = `step${++seq}`;
      const check = checkStep(envelope, context());
      const gone = new Set(ids);
      history.mark(mark);
      history.change((d) => {
        d.steps = d.steps.filter((s) => !gone.has(s.id));
        d.steps.splice(at, 0, { id, envelope, source: 'edit', check });
      });
      history.change((d) => {
        d.selection = [id];
      }, 'ignore');
      publish();
      return id;
    },
    loadSteps: (items, mark) => {
      const ctx = context();
      const made = items.map(({ envelope, extra }) => ({
        id: `step${++seq}`,
        envelope,
        source: 'edit' as const,
        check: checkStep(envelope, ctx),
        ...(extra && { extra }),
      }));
      history.mark(mark);
      history.change((d) => {
        d.steps = made;
      });
      history.change((d) => {
        d.selection = [];
      }, 'ignore');
      publish();
    },
    updateStep: (id, envelope, options = {}) => {
      if (options.mark ?? true) history.mark(`edit ${envelope.tool}`);
      const check = checkStep(envelope, context());
      history.change((d) => {
        const step = d.steps.find((s) => s.id === id);
        if (!step) return;
        // Frozen, so immer does not walk the new envelope (checkStep's result is frozen already).
        step.envelope = Object.freeze(envelope);
        step.check = check;
        if (options.label !== undefined) step.extra = { ...step.extra, label: options.label };
      });
      publish();
    },
    removeSteps: (ids) => {
      const gone = new Set(ids);
      if (!get().document.steps.some((s) => gone.has(s.id))) return;
      history.mark(ids.length === 1 ? 'delete step' : `delete ${ids.length} steps`);
      history.change((d) => {
        d.steps = d.steps.filter((s) => !gone.has(s.id));
      });
      tidy();
      publish();
    },
    moveStep: (id, to) => {
      const from = get().document.steps.findIndex((s) => s.id === id);
      if (from < 0 || to < 0 || to >= get().document.steps.length || to === from) return;
      history.mark('move step');
      history.change((d) => {
        const [step] = d.steps.splice(from, 1);
        d.steps.splice(to, 0, step!);
      });
      publish();
    },
    selectSteps: (ids) => {
      const known = new Set(get().document.steps.map((s) => s.id));
      history.change((d) => {
        d.selection = ids.filter((id) => known.has(id));
      }, 'ignore');
    },
    markHistory: (name) => history.mark(name),
    bailToMark: (id) => {
      history.bailToMark(id);
      tidy();
      publish();
    },
    undo: () => {
      history.undo();
      tidy();
      publish();
    },
    redo: () => {
      history.redo();
      tidy();
      publish();
    },
    revalidateSteps: (ctx = context()) => {
      history.change((d) => {
        for (const step of d.steps) step.check = checkStep(step.envelope, ctx);
      }, 'ignore');
    },
    documentSnapshot: () => ({ document: get().document, history: history.snapshot(), stepSeq: seq }),
    restoreDocument: (saved) => {
      const ctx = context();
      const steps = restoredSteps(saved, ctx);
      const ids = new Set(steps.map((s) => s.id));
      set({ document: { steps, selection: saved.selection.filter((id) => ids.has(id)) } });
      history.restore({
        undos: restoredHistory(saved.history.undos, ctx),
        redos: restoredHistory(saved.history.redos, ctx),
        seq: saved.history.seq,
      });
      seq = Math.max(seq, saved.step_seq);
      publish();
    },
    documentSave: { state: 'idle', at: null, error: null },
    setDocumentSave: (documentSave) => set({ documentSave }),
  };
};
