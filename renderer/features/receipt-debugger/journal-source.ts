// This machine's receipts for the debugger, read through the journal index (never the whole journal): the runs
// with their counts and outcome (`runs.list`), and the chosen run's receipts oldest first with the evidence kept
// for each (`receipts.page`, page by page). Without a run chosen, the newest receipts of every run. Reloaded when
// a receipt completes while the debugger is open.
import { create } from 'zustand';
import type { ReceiptPage, ReceiptPageItem, RunSummary } from '../../../shared/evidence';
import { stepFromReceipt, type TimelineStep } from '../../../shared/receipts/foreign';
import { api, errorText } from '../../app/api';
import { useDebugger } from './debugger-store';

/** Receipts loaded for "every run": the newest ones. */
export const EVERY_RUN_LIMIT = 500;
/** A run's receipts are paged in at most this many pages of 500. */
const MAX_PAGES = 40;

interface JournalState {
  runs: RunSummary[];
  steps: TimelineStep[];
  /** Receipts matching in the whole journal (may exceed the steps loaded). */
  total: number;
  loading: boolean;
  error: string | null;
}

export const useJournal = create<JournalState>()(() => ({
  runs: [],
  steps: [],
  total: 0,
  loading: false,
  error: null,
}));

// Module-level: the newest load's number, so an older load that answers late is dropped; bookkeeping, not state.
let generation = 0;

export async function loadJournal(run: string): Promise<void> {
  const mine = ++generation;
  useJournal.setState({ loading: true });
  try {
    // Opened before anyone chose a run: the newest run, at its last step (followJournal reloads for it).
    if (useDebugger.getState().runPending) {
      const { runs } = await api().request('runs.list', { limit: 1 });
      if (runs[0] && mine === generation) {
        useDebugger.getState().offerNewestRun(runs[0].run_id);
        return;
      }
    }
    const [{ runs }, page] = await Promise.all([api().request('runs.list', { limit: 200 }), loadSteps(run)]);
    if (mine === generation)
      useJournal.setState({ runs, steps: page.steps, total: page.total, loading: false, error: null });
  } catch (e) {
    if (mine === generation) useJournal.setState({ loading: false, error: errorText(e) });
  }
}

async function loadSteps(run: string): Promise<{ steps: TimelineStep[]; total: number }> {
  if (!run) {
    const page = await api().request('receipts.page', {
      filter: {},
      cursor: null,
      limit: EVERY_RUN_LIMIT,
      order: 'desc',
    });
    return {
      steps: page.items.reverse().map((i) => stepFromReceipt(i.receipt, 'journal', i.receipt, null, i.evidence)),
      total: page.total,
    };
  }
  const steps: TimelineStep[] = [];
  let cursor: string | null = null;
  let total = 0;
  for (let n = 0; n < MAX_PAGES; n++) {
    const page: ReceiptPage = await api().request('receipts.page', {
      filter: { run_id: run },
      cursor,
      limit: 500,
      order: 'asc',
    });
    steps.push(
      ...page.items.map((i: ReceiptPageItem) => stepFromReceipt(i.receipt, 'journal', i.receipt, null, i.evidence)),
    );
    total = page.total;
    cursor = page.next_cursor;
    if (cursor === null) break;
  }
  return { steps, total };
}

/** After a receipt: reload soon for the receipt, and again once its after-screen has settled and been stored. */
const RELOAD_AFTER_MS = [250, 2500];
/** Evidence of several operations landing together reloads once. */
const EVIDENCE_RELOAD_MS = 200;

/** Keeps the journal current while the debugger shows it; returns the stop function. */
export function followJournal(run: string): () => void {
  void loadJournal(run);
  let timers: Array<ReturnType<typeof setTimeout>> = [];
  const off = api().on('receipt.completed', () => {
    timers.forEach(clearTimeout);
    timers = RELOAD_AFTER_MS.map((ms) => setTimeout(() => void loadJournal(run), ms));
  });
  // Evidence stored late (a slow settle, a busy encoder) still reaches a debugger already open.
  let evidenceTimer: ReturnType<typeof setTimeout> | null = null;
  const offEvidence = api().on('evidence.recorded', ({ run_id }) => {
    if (run && run_id !== run) return;
    if (evidenceTimer === null)
      evidenceTimer = setTimeout(() => {
        evidenceTimer = null;
        void loadJournal(run);
      }, EVIDENCE_RELOAD_MS);
  });
  return () => {
    timers.forEach(clearTimeout);
    if (evidenceTimer !== null) clearTimeout(evidenceTimer);
    off();
    offEvidence();
  };
}
