// The executor the console (over IPC) and the CLI call: run(envelope) → Receipt, every receipt journaled.
import { join } from 'node:path';
import type { ControlSelector, ToolName } from '../../shared/actions';
import type { Occlusion } from '../../shared/occlusion';
import type { Receipt } from '../../shared/receipts';
import { assertSerial } from '../device/identity';
import { DeviceLocks } from '../device/lock';
import { ReceiptJournal } from '../receipts/journal';
import { deviceCapabilities, offeredTools } from './capabilities';
import type { DeviceLinks } from './device-link';
import type { InputBackend } from '../input/input-backend';
import { occlusionPreview } from './occlusion';
import { RunningOperations } from './cancellation';
import { runPipeline, type RunOptions } from './pipeline';
import { StrategyGuard } from './strategy-guard';
import { memoryOnDisk } from './strategy-memory';

export interface ExecutorDeps {
  links: DeviceLinks;
  locks?: DeviceLocks;
  journal?: { append(receipt: Receipt): unknown };
  /** The task's pro.execution.max_burst_actions. */
  maxBurstActions?: number;
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
}

/** Receipts of take_screenshot / observe_screen images keep the hash in the journal, not the image (no persistence). */
function forJournal(r: Receipt): Receipt {
  const after = r.observation_after as { image?: { png_base64?: string } } | undefined;
  if (after?.image?.png_base64 === undefined) return r;
  const { png_base64: _dropped, ...image } = after.image;
  return { ...r, observation_after: { ...after, image } };
}

export function createExecutor(deps: ExecutorDeps): Executor {
  const locks = deps.locks ?? new DeviceLocks();
  const journal = deps.journal ?? new ReceiptJournal();
  // The guard's memory lives beside the locks, so separate processes of one owner share it.
  const guard = new StrategyGuard(memoryOnDisk(join(locks.dir, 'strategy')));
  const running = new RunningOperations();
  return {
    async run(envelope, opts) {
      const receipt = await runPipeline({ links: deps.links, locks, guard, running, maxBurstActions: deps.maxBurstActions }, envelope, opts);
      journal.append(forJournal(receipt));
      return receipt;
    },
    cancel(operationId) {
      locks.cancel(operationId);
      const here = running.abort(operationId);
      return here || locks.status().some((s) => s.holder?.operation_id === operationId && (s.state === 'held' || s.state === 'uncertain'));
    },
    async capabilities(asked) {
      // An unknown device is DEVICE_NOT_FOUND here, before any helper or backend is looked at.
      assertSerial(asked);
      const serial = deps.links.resolve ? (await deps.links.resolve(asked)).serial : asked;
      const link = await deps.links.open(serial);
      const [native, input, helper] = await Promise.all([link.native(), link.input(), link.helperState()]);
      const capabilities = deviceCapabilities(native, input);
      return {
        serial, backend: input.kind, helper_problem: helper.problem, helper_install: helper.install, helper_version: native?.info.helper_version ?? null, sdk: native?.info.sdk ?? null,
        capabilities, tools: offeredTools(capabilities),
      };
    },
    occlusion: (serial, selector) => occlusionPreview(deps.links, serial, selector),
  };
}
