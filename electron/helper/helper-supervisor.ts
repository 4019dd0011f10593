// One helper per device: installed and started on first use, started again when it has died, and when it
// cannot start, the device falls back to `adb shell input` with its reduced capability list. Never does a
// request move to another backend on its own: the choice is made before an operation, not during it.
// A helper whose session breaks (exit 0 without our asking, 6 UiAutomation lost, 7 fatal error, or a link that
// drops) is started again after a bounded backoff (restart-policy.ts). The request in flight when it broke was
// already answered "unknown" by the connection (HelperLinkError) and is never sent again.
import type { AdbServer } from '../adb/adb-server';
import type { HelperChannel } from './helper-channel';
import { describeHelperExit, RESTART_EXIT_CODES } from './helper-exit';
import { installHelper, type InstallReport } from './installer';
import { launchHelper, type HelperExit, type LaunchOutcome } from './helper-launcher';
import { RestartPolicy } from './restart-policy';

export type HelperStatus =
  | { state: 'connected'; channel: HelperChannel; install: InstallReport | null; restarts?: number }
  | {
      state: 'unavailable'; code: 'CAPABILITY_UNAVAILABLE' | 'DEVICE_LOST'; message: string; install: InstallReport | null;
      /** How the last helper process ended, when it did. */
      exit?: HelperExit | null;
    };

/** After a failed start, wait this long before trying again (each try costs seconds on a phone without the helper). */
const RETRY_AFTER_MS = 10_000;

export interface SupervisorOptions {
  startTimeoutMs?: number;
  install?: boolean;
  /** The launcher (tests pass a fake process). */
  launch?: (adb: AdbServer, serial: string, startTimeoutMs?: number) => Promise<LaunchOutcome>;
  /** Pauses of the automatic restarts (restart-policy.ts). */
  restartDelaysMs?: readonly number[];
}

interface Running {
  stop(): void;
  since: number;
}

export class HelperSupervisor {
  private readonly live = new Map<string, HelperStatus>();
  private readonly starting = new Map<string, Promise<HelperStatus>>();
  private readonly failedAt = new Map<string, number>();
  private readonly running = new Map<string, Running>();
  private readonly policies = new Map<string, RestartPolicy>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly adb: AdbServer, private readonly options: SupervisorOptions = {}) {}

  /** The live helper of `serial`, (re)starting it when needed; or why there is none. */
  async ensure(serial: string): Promise<HelperStatus> {
    const current = this.live.get(serial);
    if (current?.state === 'connected' && current.channel.alive) return current;
    if (current?.state === 'unavailable' && Date.now() - (this.failedAt.get(serial) ?? 0) < RETRY_AFTER_MS) return current;
    return this.startOnce(serial);
  }

  /** The last known status without starting anything; a helper that died since reads as unavailable. */
  status(serial: string): HelperStatus | null {
    const s = this.live.get(serial) ?? null;
    if (s?.state === 'connected' && !s.channel.alive) {
      return { state: 'unavailable', code: 'DEVICE_LOST', message: 'the helper died; it is started again on next use', install: s.install };
    }
    return s;
  }

  /** Stops every helper this supervisor started (closes their shell streams) and every pending restart. */
  stopAll(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const r of this.running.values()) r.stop();
    this.running.clear();
    this.live.clear();
  }

  private startOnce(serial: string): Promise<HelperStatus> {
    let pending = this.starting.get(serial);
    if (!pending) {
      pending = this.start(serial).finally(() => this.starting.delete(serial));
      this.starting.set(serial, pending);
    }
    return pending;
  }

  private async start(serial: string): Promise<HelperStatus> {
    const restarts = this.policy(serial).used;
    let install: InstallReport | null = null;
    try {
      if (this.options.install !== false) install = await installHelper(this.adb, serial);
    } catch (e) {
      install = { pushed: false, reason: 'push_failed', sha256: null, message: `helper push failed: ${(e as Error).message}` };
    }
    const launched = await (this.options.launch ?? launchHelper)(this.adb, serial, this.options.startTimeoutMs);
    if (this.stopped) {
      if (launched.ok) launched.process.destroy();
      return { state: 'unavailable', code: 'DEVICE_LOST', message: 'the helper supervisor was stopped', install };
    }
    if (!launched.ok) {
      const status: HelperStatus = { state: 'unavailable', code: launched.code, message: launched.message, install, exit: launched.exit };
      this.failedAt.set(serial, Date.now());
      this.live.set(serial, status);
      return status;
    }
    const status: HelperStatus = { state: 'connected', channel: launched.connection, install, restarts };
    this.failedAt.delete(serial);
    const run: Running = {
      since: Date.now(),
      stop: () => {
        launched.connection.close();
        launched.process.destroy();
      },
    };
    this.running.set(serial, run);
    this.live.set(serial, status);
    void launched.exited.then((exit) => this.onExit(serial, run, install, exit));
    return status;
  }

  /** The helper process ended: say why, and start it again when its session broke (within the budget). */
  private onExit(serial: string, run: Running, install: InstallReport | null, exit: HelperExit): void {
    if (this.running.get(serial) !== run) return; // stopped by us, or a newer helper replaced it
    this.running.delete(serial);
    const policy = this.policy(serial);
    const restartable = exit.code === null || RESTART_EXIT_CODES.has(exit.code);
    const delay = restartable ? policy.next(Date.now() - run.since) : null;
    const then = delay !== null
      ? `it is started again in ${delay} ms (restart ${policy.used} of ${policy.budget})`
      : restartable
        ? `it was restarted ${policy.budget} times and is started again on next use`
        : 'it is started again on next use';
    this.live.set(serial, { state: 'unavailable', code: 'DEVICE_LOST', message: `${describeHelperExit(exit.code)}; ${then}`, install, exit });
    // While a restart is due, a use may start it sooner; otherwise a use retries only after RETRY_AFTER_MS.
    this.failedAt.set(serial, delay === null ? Date.now() : Date.now() - RETRY_AFTER_MS);
    if (delay === null) return;
    this.timers.set(serial, setTimeout(() => {
      this.timers.delete(serial);
      const now = this.live.get(serial);
      if (!this.stopped && !(now?.state === 'connected' && now.channel.alive)) void this.startOnce(serial);
    }, delay));
  }

  private policy(serial: string): RestartPolicy {
    let p = this.policies.get(serial);
    if (!p) this.policies.set(serial, (p = new RestartPolicy(this.options.restartDelaysMs)));
    return p;
  }
}
