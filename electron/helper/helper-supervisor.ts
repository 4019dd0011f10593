// One helper per device, shared with every other Tactile process on the machine: installed and connected on
// first use (the running helper when it answers, else a new one: connect-or-replace.ts), connected again when
// it has died, and when it cannot run, the device falls back to `adb shell input` with its reduced capability
// list. Never does a request move to another backend on its own: the choice is made before an operation, not
// during it. A helper that breaks under us (6 UiAutomation lost, 7 fatal error, 0 without our asking, or a
// link that drops) is started again after a bounded backoff (restart-policy.ts); its exit is named in the
// status until a helper runs again, and in the failure of a restart. The request in flight when it broke was
// already answered "unknown" by the connection (HelperLinkError) and is never sent again; requests after it are
// refused before being sent (HelperGoneError). Listeners hear of every status change (the device list's backend).
import type { AdbServer } from '../adb/adb-server';
import type { HelperChannel } from './helper-channel';
import { describeHelperExit, RESTART_EXIT_CODES } from './helper-exit';
import { installHelper, type InstallReport } from './installer';
import { connectOrStartHelper, type HelperExit, type LaunchOutcome } from './helper-launcher';
import { RestartPolicy } from './restart-policy';

export type HelperStatus =
  | {
      state: 'connected';
      channel: HelperChannel;
      install: InstallReport | null;
      restarts?: number;
      /** The helper was running already (another host's), rather than started by this host. */
      attached?: boolean;
    }
  | {
      state: 'unavailable';
      code: 'CAPABILITY_UNAVAILABLE' | 'DEVICE_LOST';
      message: string;
      install: InstallReport | null;
      /** How the last helper process ended, when it did. */
      exit?: HelperExit | null;
    };

/** After a failed start, wait this long before trying again (each try costs seconds on a phone without the helper). */
const RETRY_AFTER_MS = 10_000;

export interface SupervisorOptions {
  startTimeoutMs?: number;
  install?: boolean;
  /** Connects to the device's helper, starting one when needed (tests pass a fake). */
  launch?: (
    adb: AdbServer,
    serial: string,
    startTimeoutMs?: number,
    beforeStart?: () => Promise<void>,
  ) => Promise<LaunchOutcome>;
  /** Pauses of the automatic restarts (restart-policy.ts). */
  restartDelaysMs?: readonly number[];
}

interface Running {
  stop(): void;
  since: number;
  /** Settles once its end was recorded (onExit ran). */
  ended: Promise<void>;
}

export class HelperSupervisor {
  private readonly live = new Map<string, HelperStatus>();
  private readonly starting = new Map<string, Promise<HelperStatus>>();
  private readonly failedAt = new Map<string, number>();
  private readonly running = new Map<string, Running>();
  private readonly policies = new Map<string, RestartPolicy>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Why the last helper broke under us, until one runs again: a failing restart names it too. */
  private readonly broke = new Map<string, string>();
  private readonly listeners = new Set<(serial: string) => void>();
  private stopped = false;

  constructor(
    private readonly adb: AdbServer,
    private readonly options: SupervisorOptions = {},
  ) {}

  /** The live helper of `serial`, (re)starting it when needed; or why there is none. */
  async ensure(serial: string): Promise<HelperStatus> {
    const known = this.live.get(serial);
    if (known?.state === 'connected') {
      if (known.channel.alive) return known;
      // It announced its exit (or its link is going): let its end be recorded (why, the restart) first.
      await this.running.get(serial)?.ended;
    }
    const current = this.live.get(serial);
    if (current?.state === 'connected' && current.channel.alive) return current;
    if (current?.state === 'unavailable' && Date.now() - (this.failedAt.get(serial) ?? 0) < RETRY_AFTER_MS)
      return current;
    return this.startOnce(serial);
  }

  /** The last known status without starting anything; a helper that died since reads as unavailable. */
  status(serial: string): HelperStatus | null {
    const s = this.live.get(serial) ?? null;
    if (s?.state === 'connected' && !s.channel.alive) {
      return {
        state: 'unavailable',
        code: 'DEVICE_LOST',
        message: 'the helper died; it is started again on next use',
        install: s.install,
      };
    }
    return s;
  }

  /** Calls `listener(serial)` on every change of a helper's status; returns the unsubscribe function. */
  onStatus(listener: (serial: string) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Stops every helper this supervisor started (closes their shell streams) and every pending restart. */
  stopAll(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const r of this.running.values()) r.stop();
    this.running.clear();
    this.live.clear();
    this.listeners.clear();
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
    // Pushed only when this host starts a helper: never over the jar a running helper (another host's) has mapped.
    const beforeStart = async () => {
      if (this.options.install === false) return;
      try {
        install = await installHelper(this.adb, serial);
      } catch (e) {
        install = {
          pushed: false,
          reason: 'push_failed',
          sha256: null,
          message: `helper push failed: ${(e as Error).message}`,
        };
      }
    };
    const launched = await (this.options.launch ?? connectOrStartHelper)(
      this.adb,
      serial,
      this.options.startTimeoutMs,
      beforeStart,
    );
    if (this.stopped) {
      if (launched.ok) {
        launched.connection.close();
        launched.process?.destroy();
      }
      return { state: 'unavailable', code: 'DEVICE_LOST', message: 'the helper supervisor was stopped', install };
    }
    if (!launched.ok) {
      const broke = this.broke.get(serial);
      const message = broke ? `${broke}; starting it again failed: ${launched.message}` : launched.message;
      const status: HelperStatus = { state: 'unavailable', code: launched.code, message, install, exit: launched.exit };
      this.failedAt.set(serial, Date.now());
      this.set(serial, status);
      return status;
    }
    const status: HelperStatus = {
      state: 'connected',
      channel: launched.connection,
      install,
      restarts,
      attached: launched.attached,
    };
    this.failedAt.delete(serial);
    this.broke.delete(serial);
    const run: Running = {
      since: Date.now(),
      stop: () => {
        launched.connection.close();
        launched.process?.destroy(); // our stdin to a helper we started: it ends once no other host uses it
      },
      ended: launched.exited.then((exit) => this.onExit(serial, run, install, exit)),
    };
    this.running.set(serial, run);
    this.set(serial, status);
    return status;
  }

  private set(serial: string, status: HelperStatus): void {
    this.live.set(serial, status);
    for (const listener of this.listeners) listener(serial);
  }

  /** The helper process ended: say why, and start it again when its session broke (within the budget). */
  private onExit(serial: string, run: Running, install: InstallReport | null, exit: HelperExit): void {
    if (this.running.get(serial) !== run) return; // stopped by us, or a newer helper replaced it
    this.running.delete(serial);
    const policy = this.policy(serial);
    const restartable = exit.code === null || RESTART_EXIT_CODES.has(exit.code);
    const delay = restartable ? policy.next(Date.now() - run.since) : null;
    const then =
      delay !== null
        ? `it is started again in ${delay} ms (restart ${policy.used} of ${policy.budget})`
        : restartable
          ? `it was restarted ${policy.budget} times and is started again on next use`
          : 'it is started again on next use';
    const why = exit.code === null ? exit.message : describeHelperExit(exit.code);
    this.broke.set(serial, why);
    this.set(serial, { state: 'unavailable', code: 'DEVICE_LOST', message: `${why}; ${then}`, install, exit });
    // While a restart is due, a use may start it sooner; otherwise a use retries only after RETRY_AFTER_MS.
    this.failedAt.set(serial, delay === null ? Date.now() : Date.now() - RETRY_AFTER_MS);
    if (delay === null) return;
    this.timers.set(
      serial,
      setTimeout(() => {
        this.timers.delete(serial);
        const now = this.live.get(serial);
        if (!this.stopped && !(now?.state === 'connected' && now.channel.alive)) void this.startOnce(serial);
      }, delay),
    );
  }

  private policy(serial: string): RestartPolicy {
    let p = this.policies.get(serial);
    if (!p) this.policies.set(serial, (p = new RestartPolicy(this.options.restartDelaysMs)));
    return p;
  }
}
