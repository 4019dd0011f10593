// The receipt debugger's state: whether the console shows it, which timeline it shows (this machine's journal or
// an imported file), the run and filters, the current step, and how the step's screens are shown. Its own small
// store: only the debugger reads it.
import { create } from 'zustand';
import type { ImportError, TimelineStep } from '../../../shared/receipts/foreign';
import { NO_FILTERS, type StepFilters } from './timeline-model';

export type ScreenMode = 'before' | 'after' | 'split';

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
  filters: StepFilters;
  /** Index into the filtered timeline. */
  index: number;
  screenMode: ScreenMode;
  setOpen(open: boolean): void;
  setSource(source: 'journal' | 'import'): void;
  setImported(file: ImportedFile): void;
  setRun(run: string): void;
  setFilter(key: keyof StepFilters, value: string): void;
  setIndex(index: number): void;
  setScreenMode(mode: ScreenMode): void;
}

export const useDebugger = create<DebuggerState>()((set) => ({
  open: false,
  source: 'journal',
  imported: null,
  run: '',
  filters: NO_FILTERS,
  index: 0,
  screenMode: 'after',
  setOpen: (open) => set({ open }),
  setSource: (source) => set({ source, run: '', filters: NO_FILTERS, index: 0 }),
  setImported: (imported) => set({ imported, source: 'import', run: '', filters: NO_FILTERS, index: 0 }),
  setRun: (run) => set({ run, index: 0 }),
  setFilter: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value }, index: 0 })),
  setIndex: (index) => set({ index }),
  setScreenMode: (screenMode) => set({ screenMode }),
}));
