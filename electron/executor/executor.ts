// The executor the console (over IPC) and the CLI call: run(envelope) → Receipt, every receipt journaled.
import { join } from 'node:path';
import type { ControlSelector, ToolName } from '../../shared/actions';
import type { Occlusion } from '../../shared/occlusion';
import type { Owner, Receipt } from '../../shared/receipts';
import { assertSerial } from '../device/identity';
import { DeviceLocks } from '../device/lock';
import { ReceiptJournal } from '../receipts/journal';
import { countingLinks } from '../receipts/progress-links';
import { recoverInterrupted } from '../receipts/recovery';
import { WriteAhead, type ReceiptSink } from '../receipts/write-ahead';
import { deviceCapabilities, offeredTools } from './capabilities';
import { helperNotices } from '../helper/helper-notices';
import type { HelperNotice } from '../../shared/ipc/helper-notices';
import type { DeviceLinks } from './device-link';
import type { InputBackend } from '../input/input-backend';
import { occlusionPreview } from './occlusion';
import { RunningOperations } from './cancellation';
import { runPipeline, type RunOptions } from './pipeline';
import { StrategyGuard } from './strategy-guard';
import { RecentReads } from './before-read';
import { memoryOnDisk } from './strategy-memory';
import { randomUUID } from 'node:crypto';
import { runIdFor } from '../../shared/receipts/run';
import { EvidenceRecorder } from '../receipts/evidence-capture';
import { evidenceDirOf } from '../receipts/evidence-location';
import { evidenceEnabled, evidenceLimitBytes, EvidenceRetention } from '../receipts/evidence-retention';
import { EvidenceStore } from '../receipts/evidence-store';
import type { LiveTouchEvent, LiveTouchReply } from '../../shared/ipc/live-touch-contract';
import { LiveContacts } from '../live-touch/live-contacts';
import { hostname } from 'node:os';

/** The journal's own evidence store, pruned to TACTILE_EVIDENCE_MAX_MB; this executor's run is never pruned. */
function defaultEvidence(journal: ReceiptSink, runId: string): EvidenceRecorder | null {
  if (!(journal instanceof ReceiptJournal) || !evidenceEnabled()) return null;
  const store = new EvidenceStore(evidenceDirOf(journal.dir));
  return new EvidenceRecorder(store, {
    retention: new EvidenceRetention(store, { maxBytes: evidenceLimitBytes(), activeRuns: () => [runId] }),
  });
}

export interface ExecutorDeps {
  links: DeviceLinks;
  locks?: DeviceLocks;
  journal?: ReceiptSink;
  /** The task's pro.execution.max_burst_actions. */
  maxBurstActions?: number;
  /**
   * The run of operations whose caller names none (RunOptions.runId): one console session, one CLI invocation.
   * Default: a new `cli-<uuid>` run for this executor.
   */
  runId?: string;
  /** The default run's name (`tactile run --run NAME`); none by default. */
  runName?: string;
  /**
   * Screens and trees around input. Default: the journal's evidence store (<journal>/evidence) when the journal
   * is a ReceiptJournal and TACTILE_EVIDENCE is not `off`; null: none.
   */
  evidence?: EvidenceRecorder | null;
  /** The before-read's memory of recent observations (before-read.ts); tests give one with their own clock. */
  recentReads?: RecentReads;
}

export interface DeviceCapabilities {
  serial: string;
  backend: InputBackend['kind'];
  /** Why the helper is not live; null when it is. */
  helper_problem: string | null;
  /** What the helper install step did (pushed, up to date, or no artifact so nothing pushed). */
  helper_install: string | null;
  helper_version: string | null;
  sdk: number | null;
  capabilities: string[];
  tools: ToolName[];
  /** The device panel's words about the helper (inject refused, not running, accessibility suspended). */
  notices: HelperNotice[];
}

export interface Executor {
  run(envelope: unknown, opts: RunOptions): Promise<Receipt>;
  capabilities(serial: string): Promise<DeviceCapabilities>;
  /** What covers a native selector's target now (read-only, nothing dispatched). */
  occlusion(serial: string, selector: ControlSelector): Promise<Occlusion>;
  /**
   * Stops an operation between events: aborts it if it runs in this process and records the cancel for every
   * process on this machine (a late dispatch is refused; a running one notices within a poll). Whether an
   * operation with this id is in flight here or holds a device lock here.
   */
  cancel(operationId: string): boolean;
  /** For SIGTERM/SIGINT: cancel every run, wait up to graceMs for their receipts, then `unknown` for input still under way. */
  shutdown(reason: string, graceMs: number): Promise<void>;
  /** For a process exiting now: synchronously `unknown` for every run whose input is under way. */
  abandonInFlight(reason: string): void;
  /** The executor's default run (ExecutorDeps.runId). */
  readonly runId: string;
  /** Resolves once the evidence of every operation so far is stored (background after captures included). */
  drainEvidence(): Promise<void>;
  /**
   * One event of a live contact (the Control tool's finger, shared/ipc/live-touch-contract.ts): under the device
   * lock and the write-ahead journal like run(), its one receipt journaled when it ends.
   */
  touch(
    event: LiveTouchEvent,
    owner: string | Owner,
    resolve?: (serial: string) => Promise<{ identity: string; serial: string }>,
  ): Promise<LiveTouchReply>;
}

export function createExecutor(deps: ExecutorDeps): Executor {
  const locks = deps.locks ?? new DeviceLocks();
  const journal = deps.journal ?? new ReceiptJournal();
  // Operations a dead process left unfinished get their receipts before this one sends anything.
  if (journal instanceof ReceiptJournal) recoverInterrupted(journal);
  const writeAhead = new WriteAhead(journal);
  // The guard's memory lives beside the locks, so separate processes of one owner share it.
  const guard = new StrategyGuard(memoryOnDisk(join(locks.dir, 'strategy')));
  const running = new RunningOperations();
  // Each completed dispatch becomes a progress line of its operation (how far it got, if its process dies).
  const links = countingLinks(deps.links, (operationId, events) => writeAhead.dispatched(operationId, events));
  const runId = deps.runId ?? runIdFor('cli', randomUUID());
  const evidence = deps.evidence !== undefined ? deps.evidence : defaultEvidence(journal, runId);
  const recentReads = deps.recentReads ?? new RecentReads();
  const contacts = new LiveContacts({
    links: deps.links,
    locks,
    runId,
    track: (work) => writeAhead.track(undefined, work),
    progress: (operationId, events) => writeAhead.dispatched(operationId, events),
  });
  return {
    runId,
    drainEvidence: () => evidence?.drain() ?? Promise.resolve(),
    run: (envelope, opts) =>
      writeAhead.track(opts.signal, (signal, beforeInput) =>
        runPipeline(
          {
            links,
            locks,
            guard,
            running,
            maxBurstActions: deps.maxBurstActions,
            beforeInput,
            runId,
            recentReads,
            ...(deps.runName !== undefined && { runName: deps.runName }),
            ...(evidence && { evidence }),
          },
          envelope,
          { ...opts, signal },
        ),
      ),
    shutdown: (reason, graceMs) => writeAhead.shutdown(reason, graceMs),
    abandonInFlight: (reason) => writeAhead.abandonAll(reason),
    cancel(operationId) {
      locks.cancel(operationId);
      const here = running.abort(operationId) || contacts.cancel(operationId);
      return (
        here ||
        locks
          .status()
          .some((s) => s.holder?.operation_id === operationId && (s.state === 'held' || s.state === 'uncertain'))
      );
    },
    async capabilities(asked) {
      // An unknown device is DEVICE_NOT_FOUND here, before any helper or backend is looked at.
      assertSerial(asked);
      const serial = deps.links.resolve ? (await deps.links.resolve(asked)).serial : asked;
      const link = await deps.links.open(serial);
      const [native, input, helper] = await Promise.all([link.native(), link.input(), link.helperState()]);
      const capabilities = deviceCapabilities(native, input);
      return {
        serial,
        backend: input.kind,
        helper_problem: helper.problem,
        helper_install: helper.install,
        helper_version: native?.info.helper_version ?? null,
        sdk: native?.info.sdk ?? null,
        capabilities,
        tools: offeredTools(capabilities),
        notices: helperNotices(native, helper.problem),
      };
    },
    occlusion: (serial, selector) => occlusionPreview(deps.links, serial, selector),
    touch: (event, owner, resolve) =>
      contacts.handle(
        event,
        typeof owner === 'string' ? { pid: process.pid, hostname: hostname(), client: owner } : owner,
        resolve,
      ),
  };
}
