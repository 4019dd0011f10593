// The debugger's timeline as data: the steps of the chosen run (or the imported file) after the filters, the
// choices each filter offers, and the runs with their counts and outcome. Pure, so scrubbing and filtering are
// tested without a browser.
import type { TimelineStep } from '../../../shared/receipts/foreign';
import type { ReceiptStatus } from '../../../shared/receipts';

export interface StepFilters {
  status: string;
  code: string;
  tool: string;
  owner: string;
}

export const NO_FILTERS: StepFilters = { status: '', code: '', tool: '', owner: '' };

/** A step's code as a filter value: '—' stands for "no code". */
export const NO_CODE = '—';

export function filterSteps(steps: readonly TimelineStep[], f: StepFilters): TimelineStep[] {
  return steps.filter(
    (s) =>
      (!f.status || s.status === f.status) &&
      (!f.code || (s.code ?? NO_CODE) === f.code) &&
      (!f.tool || s.tool === f.tool) &&
      (!f.owner || (s.owner ?? '') === f.owner),
  );
}

export function filterChoices(steps: readonly TimelineStep[]): Record<keyof StepFilters, string[]> {
  const of = (pick: (s: TimelineStep) => string) => [...new Set(steps.map(pick))].sort();
  return {
    status: of((s) => s.status),
    code: of((s) => s.code ?? NO_CODE),
    tool: of((s) => s.tool),
    owner: of((s) => s.owner ?? '').filter(Boolean),
  };
}

/** A step's colour on the timeline, one per receipt status. */
export const STATUS_COLOURS: Record<ReceiptStatus, string> = {
  completed: '#3fb950',
  observed: '#58a6ff',
  partial: '#d29922',
  not_started: '#f85149',
  cancelled: '#8b949e',
  unknown: '#bc8cff',
};

export interface RunSummary {
  /** null: steps recorded without a run. */
  run_id: string | null;
  count: number;
  by_status: Partial<Record<ReceiptStatus, number>>;
  /** The worst status in the run (unknown > partial > not_started > cancelled > completed > observed). */
  outcome: ReceiptStatus;
  first_at: string | null;
  last_at: string | null;
}

const SEVERITY: ReceiptStatus[] = ['unknown', 'partial', 'not_started', 'cancelled', 'completed', 'observed'];

export function outcomeOf(byStatus: Partial<Record<ReceiptStatus, number>>): ReceiptStatus {
  return SEVERITY.find((s) => (byStatus[s] ?? 0) > 0) ?? 'observed';
}

/** Runs in the order their first step appears (steps are chronological). */
export function runsOf(steps: readonly TimelineStep[]): RunSummary[] {
  const runs = new Map<string | null, RunSummary>();
  for (const s of steps) {
    let r = runs.get(s.run_id);
    if (!r)
      runs.set(
        s.run_id,
        (r = { run_id: s.run_id, count: 0, by_status: {}, outcome: 'observed', first_at: s.at, last_at: s.at }),
      );
    r.count += 1;
    r.by_status[s.status] = (r.by_status[s.status] ?? 0) + 1;
    r.last_at = s.at ?? r.last_at;
  }
  return [...runs.values()].map((r) => ({ ...r, outcome: outcomeOf(r.by_status) }));
}

/** The step index after a scrub key, clamped to the timeline; null for keys the scrubber does not take. */
export function scrub(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowRight':
      return Math.min(count - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
