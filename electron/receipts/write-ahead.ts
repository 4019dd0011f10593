// Write-ahead receipts. Before the first input of an operation the executor calls `beforeInput`: a pending
// marker and then an intent line (operation id, tool, args digest, owner, device, started_at) are written and
// fsync'd; only then is input sent. The receipt line completes it and the marker goes. If the process dies in
// between, recovery.ts turns the intent into an `unknown` receipt at the next start of any client.
// In this process, every run is tracked so a SIGTERM/SIGINT can stop them: `shutdown` aborts them (each
// stops between events and writes its own honest receipt — cancelled, partial, completed…), waits a grace
// period, then writes `unknown` for any whose input was under way and still has not answered.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Owner } from '../../shared/receipts/owner';
import type { Receipt } from '../../shared/receipts/receipt';
import { processStart } from '../device/lock/process-identity';
import { receiptFromIntent } from './intent-receipt';
import { journalFileName, ReceiptJournal } from './journal';
import { PendingIndex } from './pending';
import { evidenceDirOf } from './evidence-location';
import { evidenceEnabled } from './evidence-retention';
import { EvidenceStore } from './evidence-store';
import { journalForm, type TreeKeeper } from './journal-form';
import { storedArgs, withStoredArgs } from './stored-args';

export interface IntentInput {
  operation_id: string;
  tool: string;
  /** The validated arguments about to be executed. */
  args: unknown;
  owner: Owner;
  device_serial: string;
  device_id?: string;
  started_at: string;
  run_id?: string;
}

/** Called by the pipeline right before an operation's first input; input is sent only after it returns. */
export type BeforeInput = (intent: IntentInput) => void;

interface Run {
  controller: AbortController;
  intent: IntentInput | null;
  /** Input events its backends reported dispatched so far. */
  events: number;
  /** A receipt for this run is in the journal (its own, or one written by abandon). */
  finished: boolean;
  settled: Promise<unknown>;
}

/** Where receipts go: the journal, or a test's collector (then nothing is written ahead). */
export interface ReceiptSink {
  append(receipt: Receipt): unknown;
}

export class WriteAhead {
  private readonly journal: ReceiptJournal | null;
  private readonly pending: PendingIndex | null;
  private readonly runs = new Set<Run>();
  /** Where node trees of observations go instead of the journal line (the journal's evidence store). */
  private readonly keepTree: TreeKeeper | undefined;

  constructor(private readonly sink: ReceiptSink) {
    this.journal = sink instanceof ReceiptJournal ? sink : null;
    this.pending = this.journal && new PendingIndex(this.journal.pendingDir);
    this.keepTree =
      this.journal && evidenceEnabled() ? treeKeeper(new EvidenceStore(evidenceDirOf(this.journal.dir))) : undefined;
  }

  /** Runs one operation: its receipt (arguments capped) is journaled before it is returned. */
  async track(
    signal: AbortSignal | undefined,
    work: (signal: AbortSignal, beforeInput: BeforeInput) => Promise<Receipt>,
  ): Promise<Receipt> {
    const controller = new AbortController();
    const forward = () => controller.abort();
    if (signal?.aborted) controller.abort();
    else signal?.addEventListener('abort', forward, { once: true });
    const run: Run = { controller, intent: null, events: 0, finished: false, settled: Promise.resolve() };
    this.runs.add(run);
    const work$ = work(controller.signal, (intent) => {
      this.begin(intent);
      run.intent = intent;
    });
    run.settled = work$.catch(() => undefined);
    try {
      const receipt = withStoredArgs(await work$);
      if (!run.finished) this.finish(run, receipt);
      return receipt;
    } catch (error) {
      if (run.intent && !run.finished)
        this.abandon(run, `the executor failed: ${(error as Error).message}`, 'INTERNAL');
      throw error;
    } finally {
      this.runs.delete(run);
      signal?.removeEventListener('abort', forward);
    }
  }

  /** A dispatch of `operationId` completed with `events` input events: append a progress line (no fsync). */
  dispatched(operationId: string, events: number): void {
    const run = [...this.runs].find((r) => r.intent?.operation_id === operationId);
    if (!run || run.finished || !this.journal) return;
    run.events += events;
    this.journal.appendProgress({
      record: 'progress',
      record_version: 1,
      operation_id: operationId,
      events: run.events,
      at: new Date().toISOString(),
    });
  }

  /** Stops every run of this process: abort, wait up to graceMs for their own receipts, then `unknown` for the rest. */
  async shutdown(reason: string, graceMs: number): Promise<void> {
    const runs = [...this.runs];
    for (const run of runs) run.controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all(runs.map((r) => r.settled)), grace]);
    clearTimeout(timer);
    this.abandonAll(reason);
  }

  /** Synchronously writes `unknown` for every run whose input is under way (for a process about to exit). */
  abandonAll(reason: string): void {
    for (const run of this.runs) if (run.intent && !run.finished) this.abandon(run, reason, 'CANCELLED');
  }

  private begin(input: IntentInput): void {
    if (!this.journal || !this.pending) return;
    const journalFile = join(this.journal.dir, journalFileName(this.journal.date()));
    const at = new Date();
    const intent = {
      record: 'intent' as const,
      record_version: 1 as const,
      operation_id: input.operation_id,
      tool: input.tool,
      args_sha256: createHash('sha256')
        .update(JSON.stringify(input.args) ?? 'null')
        .digest('hex'),
      owner: input.owner,
      owner_start: input.owner.pid === process.pid ? processStart(process.pid) : null,
      device_serial: input.device_serial,
      ...(input.device_id !== undefined && { device_id: input.device_id }),
      ...(input.run_id !== undefined && { run_id: input.run_id }),
      started_at: input.started_at,
      at: (at.toISOString() < input.started_at ? new Date(input.started_at) : at).toISOString(),
    };
    // The marker first: an intent line must never exist without the marker recovery looks for.
    this.pending.add(
      { intent, args: storedArgs(input.args), journal_file: journalFile, journal_offset: sizeOf(journalFile) },
      { pid: process.pid, start: processStart(process.pid) },
    );
    try {
      this.journal.appendIntent(intent);
    } catch (error) {
      this.pending.remove(input.operation_id); // no intent, so no input: the pipeline refuses with INTERNAL
      throw error;
    }
  }

  private finish(run: Run, receipt: Receipt): void {
    this.sink.append(journalForm(receipt, this.keepTree));
    run.finished = true;
    if (run.intent) this.pending?.remove(run.intent.operation_id);
  }

  private abandon(run: Run, reason: string, code: 'CANCELLED' | 'INTERNAL'): void {
    const intent = run.intent as IntentInput;
    this.finish(
      run,
      receiptFromIntent(intent, {
        finishedAt: new Date().toISOString(),
        args: storedArgs(intent.args),
        status: 'unknown',
        code,
        message:
          `${reason}: the operation's input was under way and its outcome is unknown (never replayed)` +
          (run.events > 0 ? `; at least ${run.events} input events were dispatched` : ''),
      }),
    );
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * Stores an observation's tree in the evidence store and lists it in its run's manifest (as the operation's
 * tree_after), so retention keeps it with the run and the debugger finds it like any captured tree.
 */
function treeKeeper(store: EvidenceStore): TreeKeeper {
  return (tree, receipt) => {
    try {
      const sha = store.putTree(tree);
      store.record({
        operation_id: receipt.operation_id,
        run_id: receipt.run_id ?? null,
        screen_before: null,
        screen_after: null,
        tree_before: null,
        tree_after: sha,
        settled: true,
        captured_at: receipt.finished_at,
      });
      return sha;
    } catch {
      return null; // the journal line then keeps the marker without a stored tree
    }
  };
}
