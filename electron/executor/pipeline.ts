// The one execution pipeline: serial check → schema → device identity → lock → live screen → prepareCall (schema,
// semantics and geometry, plan, capabilities: shared/prepare, the step every preview runs too) → dispatch of that
// plan (tool handler) → receipt. Anything refused before dispatch sends nothing.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Owner, Receipt } from '../../shared/receipts';
import { RECEIPT_VERSION } from '../../shared/receipts';
import { isToolName } from '../../shared/actions';
import { checkValueBounds } from '../../shared/limits/json-bounds';
import { prepareCall } from '../../shared/prepare';
import { checkSerial, validateToolCall } from '../../shared/validation';
import type { DeviceLocks } from '../device/lock';
import type { EvidenceCapture } from '../receipts/evidence-capture';
import type { BeforeInput } from '../receipts/write-ahead';
import { deviceCapabilities } from './capabilities';
import { linkCancellation, type RunningOperations } from './cancellation';
import { makeSleep, type ExecContext } from './context';
import type { DeviceLinks } from './device-link';
import { runTool } from './handlers';
import { readsScreen, startRead, summarize, type AroundInput } from './observation-summary';
import { sendsInput } from '../../shared/actions/sends-input';
import { ReadSeen } from './read-seen';
import { errorCodeOf, fromErrors, outcome, refused, refusedSequence, type Outcome } from './outcome';
import type { StrategyGuard } from './strategy-guard';
import { acquireAfterReread } from './uncertain-reread';
import { buildEnvelope, refusedEnvelope } from './verify/envelope';
import type { RecentReads } from './before-read';
import { recordActionStart } from './verify/last-action';

export interface RunOptions {
  serial: string;
  /** The client's name ("console", "cli", …) or its full identity. */
  owner: string | Owner;
  signal?: AbortSignal;
  /** The caller's id for this operation (so it can `device.cancel` it); default a fresh UUID. */
  operationId?: string;
  /** A new task/run starts here: the repeated-strategy guard forgets this owner's attempts on this device. */
  newTask?: boolean;
  /** The run this operation belongs to (shared/receipts/run.ts: a flow run, an MCP or bridge session); default the executor's. */
  runId?: string;
  /** The run's name in words (a flow's name); default the executor's run name when the run is the executor's. */
  runName?: string;
}

export interface PipelineDeps {
  links: DeviceLinks;
  locks: DeviceLocks;
  guard: StrategyGuard;
  maxBurstActions?: number;
  /** Operations in flight here, for `cancel(operationId)`. */
  running?: RunningOperations;
  /** Write-ahead: called right before the first input; input is sent only after it returns. */
  beforeInput?: BeforeInput;
  /** The run of operations whose caller names none (the executor's own: one console session, one CLI invocation). */
  runId?: string;
  /** That run's name (`tactile run --run NAME`). */
  runName?: string;
  /** Screens and trees before and after input (electron/receipts/evidence-capture.ts); none kept when absent. */
  evidence?: EvidenceCapture;
  /** Each device's latest observation, for the before-read's reuse (before-read.ts); every read is fresh when absent. */
  recentReads?: RecentReads;
}

function toolOf(envelope: unknown): string {
  const t = typeof envelope === 'object' && envelope !== null ? (envelope as { tool?: unknown }).tool : undefined;
  return typeof t === 'string' && t.length > 0 ? t.slice(0, 64) : 'unknown';
}

export async function runPipeline(deps: PipelineDeps, envelope: unknown, opts: RunOptions): Promise<Receipt> {
  // Re-stamped once the lock is taken: a receipt's time is the device's time, not the wait for it.
  let started = new Date();
  let t0 = performance.now();
  const operationId = opts.operationId ?? randomUUID();
  const runId = opts.runId ?? deps.runId;
  const runName = opts.runName ?? (opts.runId === undefined ? deps.runName : undefined);
  const owner: Owner =
    typeof opts.owner === 'string' ? { pid: process.pid, hostname: hostname(), client: opts.owner } : opts.owner;
  // A request past the depth/size bounds is refused without echoing it (it could not even be serialized).
  const echo = checkValueBounds(envelope) === null && typeof envelope === 'object' && envelope !== null;
  let args: unknown = echo ? ((envelope as { args?: unknown }).args ?? null) : null;
  const badSerial = checkSerial(opts.serial);
  // The serial as given until adb resolved it; a refused serial is shown escaped and cut, never raw.
  let device: { serial: string; identity?: string } = {
    serial: badSerial ? JSON.stringify(String(opts.serial).slice(0, 64)) : opts.serial,
  };
  const receipt = (o: Outcome): Receipt => {
    const finished = new Date(Math.max(Date.now(), started.getTime()));
    return {
      receipt_version: RECEIPT_VERSION,
      operation_id: operationId,
      tool: toolOf(envelope),
      device_serial: device.serial,
      ...(device.identity !== undefined && { device_id: device.identity }),
      owner,
      ...(runId !== undefined && { run_id: runId }),
      ...(runName !== undefined && { run_name: runName }),
      started_at: started.toISOString(),
      finished_at: finished.toISOString(),
      duration_ms: Math.max(0, Math.round(performance.now() - t0)),
      args,
      ...o,
    };
  };
  if (badSerial) return receipt(refused(badSerial.code, badSerial.message));

  const shape = validateToolCall(envelope, { maxBurstActions: deps.maxBurstActions });
  if (!shape.ok) {
    const o = fromErrors(shape.errors);
    // An action tool refused on its arguments still answers seed 004's envelope (failed, with its failure code).
    const tool = toolOf(envelope);
    return receipt(
      isToolName(tool) && sendsInput(tool)
        ? { ...o, action_envelope: refusedEnvelope(tool, o, operationId, started) }
        : o,
    );
  }
  args = shape.call.args;
  const steps = shape.call.tool === 'action_sequence' ? shape.call.args.steps : null;
  const refuse = (o: Outcome) => receipt(steps && steps.length > 0 ? refusedSequence(o, steps) : o);
  if (opts.signal?.aborted || deps.locks.isCancelled(operationId))
    return refuse(outcome('cancelled', 'CANCELLED', 'cancelled before it started'));

  // One physical device, one lock, whatever name or transport the caller used (electron/device/identity.ts).
  let resolved: { identity: string; serial: string };
  try {
    resolved = deps.links.resolve
      ? await deps.links.resolve(opts.serial)
      : { serial: opts.serial, identity: opts.serial };
  } catch (e) {
    return refuse(refused(errorCodeOf(e, 'DEVICE_LOST'), `cannot reach ${opts.serial}: ${(e as Error).message}`));
  }
  device = resolved;
  const acquired = await acquireAfterReread(deps.locks, deps.links, resolved, owner.client, operationId);
  if (!acquired.ok) return refuse(refused('DEVICE_BUSY', acquired.error.message));
  const lock = acquired.lock;
  started = new Date();
  t0 = performance.now();
  const serial = resolved.serial;
  if (opts.newTask) deps.guard.reset(owner.client, serial);
  const cancel = linkCancellation(operationId, deps.locks, opts.signal, deps.running);
  const signal = cancel.signal;
  try {
    let ctx: ExecContext;
    // A tool that sends input reads the screen before it (receipt, fingerprint, evidence): an observation the
    // mirror proves unchanged stands in for a new read (before-read.ts); otherwise the read starts here, and its
    // helper observation's display is the screen the call is prepared against — one read, not a screen read
    // and then the before-read. Nothing is sent before the read: prepareCall and the intent come after it.
    const inputTool = sendsInput(shape.call.tool);
    let reused: AroundInput | null = null;
    let reading: Promise<AroundInput> | null = null;
    try {
      const link = await deps.links.open(serial);
      const [native, input] = await Promise.all([link.native(), link.input()]);
      reused = inputTool ? (deps.recentReads?.reusable(resolved.identity, link) ?? null) : null;
      const started = inputTool && !reused ? startRead({ native, link, operationId }) : null;
      reading = started?.read ?? null;
      void reading?.catch(() => undefined); // awaited below; handled here too, in case a refusal returns first
      const screen = (await started?.display) ?? (await link.screen());
      ctx = {
        serial,
        operationId,
        screen,
        link,
        native,
        input,
        lock,
        guard: deps.guard,
        signal,
        now: () => performance.now(),
        sleep: makeSleep(signal),
      };
    } catch (e) {
      return refuse(refused(errorCodeOf(e, 'DEVICE_LOST'), `cannot reach ${serial}: ${(e as Error).message}`));
    }
    const prepared = prepareCall(envelope, ctx.screen, deviceCapabilities(ctx.native, ctx.input), {
      maxBurstActions: deps.maxBurstActions,
    });
    if (!prepared.ok) {
      const o: Outcome = {
        ...(await namingHelperProblem(ctx, fromErrors(prepared.issues))),
        ...(prepared.plan && { plan: prepared.plan }),
      };
      // A refused action still answers seed 004's envelope (failed, with its failure code).
      return refuse(
        sendsInput(shape.call.tool)
          ? { ...o, action_envelope: buildEnvelope(shape.call, prepared.plan, o, operationId, started) }
          : o,
      );
    }
    const { call, plan } = prepared;
    // A cancel reaches the helper too, so a gesture of this operation arriving late is blocked there as well.
    const cancelHelper = () =>
      void ctx.native
        ?.request('cancel', { target_operation_id: operationId }, `${operationId}:cancel`)
        .catch(() => undefined);
    if (signal.aborted) cancelHelper();
    else signal.addEventListener('abort', cancelHelper, { once: true });
    try {
      if (!sendsInput(call.tool)) {
        if (!deps.evidence || !readsScreen(call.tool)) return receipt(await runTool(ctx, call, plan));
        // A read keeps what it saw (its tree, a screen of that moment); stored in the background like an after capture.
        const seen = new ReadSeen();
        const done = await runTool({ ...ctx, seen }, call, plan);
        deps.evidence.read(ctx, seen.result(), { operation_id: operationId, run_id: runId ?? null });
        return receipt(done);
      }
      const reads = deps.recentReads;
      // The write-ahead intent (a synchronous fsync) is written while the device finishes the before-read (the
      // resumed activity): it still precedes any input, which waits for both.
      deps.beforeInput?.({
        operation_id: operationId,
        tool: call.tool,
        args,
        owner,
        device_serial: serial,
        device_id: resolved.identity,
        started_at: started.toISOString(),
        ...(runId !== undefined && { run_id: runId }),
      });
      const read = reused ?? (await reading!);
      const { summary: before, fingerprint: fpBefore } = read;
      const evidence = (await deps.evidence?.before(ctx, read.tree)) ?? null;
      recordActionStart(serial, Date.now());
      reads?.forget(resolved.identity);
      const done = await runTool(ctx, call, plan);
      const afterStarted = reads?.now() ?? 0;
      const { summary: after, fingerprint: fpAfter } = done.status === 'not_started' ? read : await summarize(ctx);
      if (done.status !== 'not_started')
        reads?.remember(
          resolved.identity,
          { summary: after, ...(fpAfter !== undefined && { fingerprint: fpAfter }) },
          afterStarted,
        );
      // The after capture (screens, trees) starts once this receipt is returned and journaled (EvidenceCapture.after),
      // and settles and writes in the background; the receipt says its evidence is pending, and the evidence
      // store's line for this operation says what landed or why nothing did (EvidenceRefs.missing).
      if (evidence) deps.evidence?.after(ctx, evidence, { operation_id: operationId, run_id: runId ?? null });
      const action_envelope = buildEnvelope(call, plan, done, operationId, started, fpBefore, fpAfter);
      return receipt({
        plan,
        ...(before && { observation_before: before }),
        ...(after && { observation_after: after }),
        ...done,
        action_envelope,
        ...(evidence && { evidence: 'pending' as const }),
      });
    } catch (e) {
      return receipt(
        outcome(
          lock.checkDispatch() ? 'unknown' : 'not_started',
          'INTERNAL',
          `executor failure: ${(e as Error).message}`,
        ),
      );
    } finally {
      signal.removeEventListener('abort', cancelHelper);
    }
  } finally {
    cancel.dispose();
    lock.release();
  }
}

/** A capability refused for want of the helper says why the helper is not there (its exit, a failed restart). */
async function namingHelperProblem(ctx: ExecContext, o: Outcome): Promise<Outcome> {
  if (o.code !== 'CAPABILITY_UNAVAILABLE' || ctx.native) return o;
  const problem = (await ctx.link.helperState().catch(() => null))?.problem;
  return problem ? { ...o, message: `${o.message} (the helper is not running: ${problem})` } : o;
}
