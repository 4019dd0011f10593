// What the console needs from the executor (electron/executor, createExecutor): run one call under the device
// lock and return its receipt; report what a device can do. Services depend on this shape, so tests fake it.
import type { ControlSelector } from '../../shared/actions';
import type { Occlusion } from '../../shared/occlusion';
import type { HelperNotice } from '../../shared/ipc/helper-notices';
import type { Owner, Receipt } from '../../shared/receipts';
import type { LiveTouchEvent, LiveTouchReply } from '../../shared/ipc/live-touch-contract';

export interface ExecutorPort {
  /** runId: the run the operation belongs to (a flow run), runName its name; default the console session's. */
  run(
    envelope: unknown,
    options: {
      serial: string;
      owner: Owner;
      signal?: AbortSignal;
      operationId?: string;
      runId?: string;
      runName?: string;
    },
  ): Promise<Receipt>;
  /** Stops an operation between events (see device.cancel); whether it was in flight. */
  cancel(operationId: string): boolean;
  capabilities(
    serial: string,
  ): Promise<{ backend: string | null; tools: string[]; capabilities: string[]; notices?: HelperNotice[] }>;
  /** The occlusion preview of a native selector (device.occlusion). */
  occlusion(serial: string, selector: ControlSelector): Promise<Occlusion>;
  /**
   * One event of a live contact (device.touch); absent: live touch is not offered (the page replays). `resolve`
   * names the device for the lock (the directory's tracked resolution) instead of asking adb again.
   */
  touch?(
    event: LiveTouchEvent,
    owner: Owner,
    resolve?: (serial: string) => Promise<{ identity: string; serial: string }>,
  ): Promise<LiveTouchReply>;
  /** Stops runs in flight (each finishes its receipt) and releases what the executor started (helper processes). */
  stop?(): Promise<void> | void;
}
