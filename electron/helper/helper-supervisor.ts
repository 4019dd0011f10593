// One helper per device: installed and started on first use, started again when it has died, and when it
// cannot start, the device falls back to `adb shell input` with its reduced capability list. Never does a
// request move to another backend on its own: the choice is made before an operation, not during it.
import type { AdbServer } from '../adb/adb-server';
import type { HelperChannel } from './helper-channel';
import { installHelper, type InstallReport } from './installer';
import { launchHelper } from './helper-launcher';

export type HelperStatus =
  | { state: 'connected'; channel: HelperChannel; install: InstallReport | null }
  | { state: 'unavailable'; code: 'CAPABILITY_UNAVAILABLE' | 'DEVICE_LOST'; message: string; install: InstallReport | null };

/** After a failed start, wait this long before trying again (each try costs seconds on a phone without the helper). */
const RETRY_AFTER_MS = 10_000;

export class HelperSupervisor {
  private readonly live = new Map<string, HelperStatus>();
  private readonly starting = new Map<string, Promise<HelperStatus>>();
  private readonly failedAt = new Map<string, number>();
  private readonly stops = new Map<string, () => void>();

  constructor(private readonly adb: AdbServer, private readonly options: { startTimeoutMs?: number; install?: boolean } = {}) {}

  /** The live helper of `serial`, (re)starting it when needed; or why there is none. */
  async ensure(serial: string): Promise<HelperStatus> {
    const current = this.live.get(serial);
    if (current?.state === 'connected' && current.channel.alive) return current;
    if (current?.state === 'unavailable' && Date.now() - (this.failedAt.get(serial) ?? 0) < RETRY_AFTER_MS) return current;
    let pending = this.starting.get(serial);
    if (!pending) {
      pending = this.start(serial).finally(() => this.starting.delete(serial));
      this.starting.set(serial, pending);
    }
    return pending;
  }

  /** The last known status without starting anything; a helper that died since reads as unavailable. */
  status(serial: string): HelperStatus | null {
    const s = this.live.get(serial) ?? null;
    if (s?.state === 'connected' && !s.channel.alive) {
      return { state: 'unavailable', code: 'DEVICE_LOST', message: 'the helper died; it is started again on next use', install: s.install };
    }
    return s;
  }

  /** Stops every helper this supervisor started (closes their shell streams). */
  stopAll(): void {
    for (const stop of this.stops.values()) stop();
    this.stops.clear();
    this.live.clear();
  }

  private async start(serial: string): Promise<HelperStatus> {
    let install: InstallReport | null = null;
    try {
      if (this.options.install !== false) install = await installHelper(this.adb, serial);
    } catch (e) {
      install = { pushed: false, reason: 'push_failed', sha256: null, message: `helper push failed: ${(e as Error).message}` };
    }
    const launched = await launchHelper(this.adb, serial, this.options.startTimeoutMs);
    const status: HelperStatus = launched.ok
      ? { state: 'connected', channel: launched.connection, install }
      : { state: 'unavailable', code: launched.code, message: launched.message, install };
    if (launched.ok) {
      this.failedAt.delete(serial);
      this.stops.set(serial, () => {
        launched.connection.close();
        launched.process.destroy();
      });
    } else this.failedAt.set(serial, Date.now());
    this.live.set(serial, status);
    return status;
  }
}
