// The receipt debugger's state: whether the console shows it, which timeline it shows (this machine's journal or
// an imported file), the run and filters, the current step, and how the step's screens are shown. Its own small
// store: only the debugger reads it.
import { create } from 'zustand';
import type { ImportError, TimelineStep } from '../../../shared/receipts/foreign';
import { NO_FILTERS, type StepFilters } from './timeline-model';

export type ScreenMode = 'before' | 'after' | 'split';

/** An index past every timeline: useTimeline clamps it to the last step, so a run opens (and stays) at its end. */
export const LAST_STEP = Number.MAX_SAFE_INTEGER;

export interface ImportedFile {
  name: string;
  steps: TimelineStep[];
  errors: ImportError[];
}

interface DebuggerState {
  open: boolean;
  source: 'journal' | 'import';
  imported: ImportedFile | null;
  /** '' = every run. */
  run: string;
  /** No run chosen yet: the journal's newest run is shown once the runs are known. */
  runPending: boolean;
  filters: StepFilters;
  /** Index into the filtered timeline. */
  index: number;
  screenMode: ScreenMode;
  setOpen(open: boolean): void;
  setSource(source: 'journal' | 'import'): void;
  setImported(file: ImportedFile): void;
  setRun(run: string): void;
  /** The newest run, unless someone chose a run already. */
  offerNewestRun(run: string): void;
  setFilter(key: keyof StepFilters, value: string): void;
  setIndex(index: number): void;
  setScreenMode(mode: ScreenMode): void;
}

export const useDebugger = create<DebuggerState>()((set) => ({
  open: false,
  source: 'journal',
  imported: null,
  run: '',
  runPending: true,
  filters: NO_FILTERS,
  index: LAST_STEP,
  screenMode: 'after',
  setOpen: (open) => set({ open }),
  setSource: (source) => set({ source, run: '', runPending: false, filters: NO_FILTERS, index: LAST_STEP }),
  setImported: (imported) =>
    set({ imported, source: 'import', run: '', runPending: false, filters: NO_FILTERS, index: 0 }),
  // A run opens at its last step: where it ended (and, for a failed run, where it failed).
  setRun: (run) => set({ run, runPending: false, index: LAST_STEP }),
  offerNewestRun: (run) => set((s) => (s.runPending ? { run, runPending: false, index: LAST_STEP } : {})),
  setFilter: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value }, index: 0 })),
  setIndex: (index) => set({ index }),
  setScreenMode: (screenMode) => set({ screenMode }),
}));
