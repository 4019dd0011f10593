// The timeline the debugger shows: this machine's journal (the receipts the console holds, oldest first) or the
// imported file, its runs, and the steps of the chosen run after the filters, with the current one.
import { useMemo } from 'react';
import { stepFromReceipt, type TimelineStep } from '../../../shared/receipts/foreign';
import { useStore } from '../../app/store';
import { useDebugger } from './debugger-store';
import { filterChoices, filterSteps, runsOf } from './timeline-model';

export function useTimeline() {
  const receipts = useStore((s) => s.receipts);
  const { source, imported, run, filters, index } = useDebugger();
  const journal = useMemo(() => [...receipts].reverse().map((r) => stepFromReceipt(r, 'journal')), [receipts]);
  const all: TimelineStep[] = source === 'import' ? (imported?.steps ?? []) : journal;
  const runs = useMemo(() => runsOf(all), [all]);
  const inRun = useMemo(() => (run ? all.filter((s) => (s.run_id ?? '') === run) : all), [all, run]);
  const choices = useMemo(() => filterChoices(inRun), [inRun]);
  const steps = useMemo(() => filterSteps(inRun, filters), [inRun, filters]);
  const at = Math.min(index, Math.max(0, steps.length - 1));
  return { all, runs, choices, steps, index: at, current: steps[at] ?? null };
}
