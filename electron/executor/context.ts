// What a tool handler gets: the device (screen, helper, input backend, shell), the held lock and its
// operation id, cancellation and time. Handlers never touch the lock directly: they go through dispatch.ts.
import type { ScreenSize } from '../../shared/geometry';
import type { DeviceLockHandle } from '../device/lock';
import type { HelperChannel } from '../helper/helper-channel';
import type { InputBackend } from '../input/input-backend';
import type { DeviceLink } from './device-link';
import type { ReadSeen } from './read-seen';
import type { StrategyGuard } from './strategy-guard';

export interface ExecContext {
  readonly serial: string;
  readonly operationId: string;
  readonly screen: ScreenSize;
  readonly link: DeviceLink;
  readonly native: HelperChannel | null;
  readonly input: InputBackend;
  readonly lock: DeviceLockHandle;
  readonly guard: StrategyGuard;
  readonly signal: AbortSignal | undefined;
  /** A read tool's record of what it looked at (its evidence); absent for input tools and in tests without evidence. */
  readonly seen?: ReadSeen;
  now(): number;
  /** Resolves after ms, or early when the operation is cancelled. */
  sleep(ms: number): Promise<void>;
}

/** Node's timers hold a signed 32-bit delay; a longer one fires after 1 ms (with only a warning). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A cancellable sleep that is exact for any length: long waits are taken in timer-sized pieces. */
export function makeSleep(signal: AbortSignal | undefined): (ms: number) => Promise<void> {
  return (ms) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted || !(ms > 0)) return resolve();
      const deadline = performance.now() + ms;
      let timer: ReturnType<typeof setTimeout>;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const arm = () => {
        const left = deadline - performance.now();
        if (left <= 0) return done();
        timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
      };
      signal?.addEventListener('abort', done, { once: true });
      arm();
    });
}
