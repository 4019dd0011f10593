// One operation's cancellation: a signal that fires when the caller's signal aborts (Esc / Stop in the console,
// SIGINT in the CLI), when `device.cancel` names the operation in this process (RunningOperations), or when
// another process on this machine records the cancel under the lock directory (polled, so a console can stop
// a CLI run). Once it fires, the cancel is recorded there too, so a late dispatch of the operation is refused
// in every process (DeviceLockHandle.checkDispatch), and tools stop between events (sleep, taps, polls).
import type { DeviceLocks } from '../device/lock';

/** How often a running operation looks for a cancel recorded by another process. */
const POLL_MS = 200;

/** The operations this executor runs now, by operation id. */
export class RunningOperations {
  private readonly controllers = new Map<string, AbortController>();

  add(operationId: string, controller: AbortController): void {
    this.controllers.set(operationId, controller);
  }

  delete(operationId: string, controller: AbortController): void {
    if (this.controllers.get(operationId) === controller) this.controllers.delete(operationId);
  }

  /** Aborts the operation if it runs here; whether it did. */
  abort(operationId: string): boolean {
    const controller = this.controllers.get(operationId);
    controller?.abort();
    return controller !== undefined;
  }

  has(operationId: string): boolean {
    return this.controllers.has(operationId);
  }
}

export interface OperationCancel {
  readonly signal: AbortSignal;
  dispose(): void;
}

export function linkCancellation(
  operationId: string,
  locks: DeviceLocks,
  outer: AbortSignal | undefined,
  running?: RunningOperations,
): OperationCancel {
  const controller = new AbortController();
  const abort = () => controller.abort();
  // Recorded before the first check, so a caller that aborted while the lock was being taken still leaves its
  // cancel for other processes (a late dispatch of this operation is refused everywhere).
  const record = () => locks.cancel(operationId);
  controller.signal.addEventListener('abort', record, { once: true });
  if (outer?.aborted || locks.isCancelled(operationId)) controller.abort();
  outer?.addEventListener('abort', abort, { once: true });
  running?.add(operationId, controller);
  const poll = setInterval(() => {
    if (locks.isCancelled(operationId)) controller.abort();
  }, POLL_MS);
  poll.unref?.();
  return {
    signal: controller.signal,
    dispose() {
      clearInterval(poll);
      outer?.removeEventListener('abort', abort);
      controller.signal.removeEventListener('abort', record);
      running?.delete(operationId, controller);
    },
  };
}
