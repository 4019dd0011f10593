// What the sessions of one virtual helper process share (PROTOCOL.md §4, §10), as the Java helper's SessionHub:
// the device (one UiAutomation, one injector), the count of host sessions (the hello's `sessions`, `ping`), the
// input gate, and the fatal exit that tells every session its code before the process ends.
import { exitNotice, type ExitNotice } from '../../shared/helper-protocol';
import type { HelperDevice } from './helper-device';

/** How the process ends when a session meets a fatal failure (exit 6 or 7). */
export interface HubEnd {
  fatal(code: number, message: string): void;
}

/** A session as the hub sees it: told the exit code before its connection closes. */
export interface HubSession {
  notify(notice: ExitNotice): Promise<void>;
  close(): void;
}

export type GateEntry = { ok: true; leave(): void } | { ok: false; holder: string };

/**
 * Input from one operation at a time, whichever session sends it: an input op of another operation while one
 * runs is refused at once (DEVICE_BUSY, nothing performed), one of the same operation waits its turn. The host's
 * device lock decides who may act; the gate keeps two hosts' input from ever interleaving on the device.
 */
export class InputGate {
  private owner: string | null = null;
  private readonly waiting: Array<() => void> = [];

  async enter(operationId: string): Promise<GateEntry> {
    while (this.owner !== null) {
      if (this.owner !== operationId) return { ok: false, holder: this.owner };
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.owner = operationId;
    let left = false;
    return {
      ok: true,
      leave: () => {
        if (left) return;
        left = true;
        this.owner = null;
        for (const wake of this.waiting.splice(0)) wake();
      },
    };
  }
}

export class HelperHub {
  readonly gate = new InputGate();
  private readonly sessions = new Set<HubSession>();
  private readonly emptyListeners: Array<() => void> = [];
  private ended = false;

  constructor(
    readonly device: HelperDevice,
    private readonly end: HubEnd = { fatal: () => undefined },
  ) {}

  /** Registers a session; answers how many others were connected (its hello's `sessions`). */
  join(session: HubSession): number {
    const others = this.sessions.size;
    this.sessions.add(session);
    return others;
  }

  leave(session: HubSession): void {
    if (!this.sessions.delete(session) || this.sessions.size > 0 || this.ended) return;
    for (const listener of this.emptyListeners) listener();
  }

  /** Host sessions connected now. */
  get count(): number {
    return this.sessions.size;
  }

  /** Called each time the last session leaves. */
  onEmpty(listener: () => void): void {
    this.emptyListeners.push(listener);
  }

  /** A fatal failure: every session gets the exit notice, then the process ends with `code` and the connections close. */
  fatal(code: number, message: string): void {
    if (this.ended) return;
    this.ended = true;
    const sessions = [...this.sessions];
    void Promise.all(sessions.map((s) => s.notify(exitNotice(code, message)).catch(() => undefined))).then(() => {
      this.end.fatal(code, message); // first: the sessions closing below must not read as a quiet end
      for (const s of sessions) s.close();
    });
  }

  /** Closes every session (the process is ending for another reason: killed, its host gone). */
  closeAll(): void {
    for (const s of [...this.sessions]) s.close();
  }
}
