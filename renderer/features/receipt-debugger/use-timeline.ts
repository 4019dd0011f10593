// The timeline the debugger shows: this machine's journal (journal-source.ts, through the journal index) or the
// imported file; the runs to choose from with their counts and outcome; and the steps of the chosen run after
// the filters, with the current one.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { useDebugger } from './debugger-store';
import { useJournal } from './journal-source';
import { runRow, type RunRow } from './run-words';
import { filterChoices, filterSteps, runsOf } from './timeline-model';

export interface RunChoice {
  /** '' = no run id. */
  value: string;
  words: string;
  outcome: string;
}

const plural = (n: number) => `${n} step${n === 1 ? '' : 's'}`;

export function useTimeline() {
  const journal = useJournal();
  const { source, imported, run, filters, index } = useDebugger(
    useShallow((s) => ({ source: s.source, imported: s.imported, run: s.run, filters: s.filters, index: s.index })),
  );
  const fromFile = source === 'import';
  const all: TimelineStep[] = fromFile ? (imported?.steps ?? []) : journal.steps;
  // This machine's runs in words, newest first (runs.list's order): the run list's rows.
  const rows: RunRow[] = useMemo(() => (fromFile ? [] : journal.runs.map((r) => runRow(r))), [fromFile, journal.runs]);
  const runs: RunChoice[] = useMemo(
    () =>
      fromFile
        ? runsOf(all).map((r) => ({
            value: r.run_id ?? '',
            words: `${r.run_id ?? 'no run'} · ${plural(r.count)} · ${r.outcome}`,
            outcome: r.outcome,
          }))
        : rows.map((r) => ({ value: r.run_id, words: r.words, outcome: r.outcome })),
    [fromFile, all, rows],
  );
  // The journal is loaded for the chosen run already; a file holds every run.
  const inRun = useMemo(
    () => (fromFile && run ? all.filter((s) => (s.run_id ?? '') === run) : all),
    [fromFile, all, run],
  );
  const choices = useMemo(() => filterChoices(inRun), [inRun]);
  const steps = useMemo(() => filterSteps(inRun, filters), [inRun, filters]);
  const at = Math.min(index, Math.max(0, steps.length - 1));
  return {
    runs,
    rows,
    choices,
    steps,
    index: at,
    current: steps[at] ?? null,
    total: fromFile ? all.length : journal.total,
    error: fromFile ? null : journal.error,
  };
}
