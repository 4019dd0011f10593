// The device sessions of one process, one per serial, with one helper supervisor per adb server. A session is
// bound to the server that lists its device: the directory names it from its tracker; anyone else (the
// executor) finds it through the servers when no session exists yet.
import type { AdbServer } from '../adb/adb-server';
import { locateDevice } from '../adb/servers';
import { HelperSupervisor } from '../helper/helper-supervisor';
import { DeviceSession } from './session';

/**
 * Sessions kept beyond this many are forgotten least recently used first, unless mirrored: a caller can name
 * any serial, and a forgotten session costs only a fresh read of what it cached.
 */
const KEEP_SESSIONS = 64;

export class DeviceSessions {
  private readonly sessions = new Map<string, DeviceSession>();
  private readonly supervisors = new Map<string, HelperSupervisor>();
  private readonly helperListeners: Array<(serial: string) => void> = [];

  constructor(
    readonly servers: readonly AdbServer[],
    /** The helper supervisor of a server (tests pass fakes). */
    private readonly supervise: (adb: AdbServer) => HelperSupervisor = (adb) => new HelperSupervisor(adb),
  ) {}

  /** The session of `serial` on `adb`; a session bound to another server is replaced (the device moved). */
  session(serial: string, adb: AdbServer): DeviceSession {
    const current = this.sessions.get(serial);
    if (current?.adb === adb) {
      // Most recently used last, so the bound below forgets the sessions nobody asked for in the longest time.
      this.sessions.delete(serial);
      this.sessions.set(serial, current);
      return current;
    }
    let helpers = this.supervisors.get(adb.address);
    if (!helpers) {
      this.supervisors.set(adb.address, (helpers = this.supervise(adb)));
      for (const listener of this.helperListeners) helpers.onStatus(listener);
    }
    const session = new DeviceSession(adb, helpers, serial);
    this.sessions.delete(serial);
    this.sessions.set(serial, session);
    for (const [key, old] of this.sessions) {
      if (this.sessions.size <= KEEP_SESSIONS) break;
      if (old !== session && !old.mirrored()) this.sessions.delete(key);
    }
    return session;
  }

  /** The session of `serial`, locating its server when there is none yet (adb reports an unknown serial). */
  async open(serial: string): Promise<DeviceSession> {
    return this.sessions.get(serial) ?? this.session(serial, await locateDevice(this.servers, serial));
  }

  /** Calls `listener(serial)` whenever a device's helper status changes (started, broke, failed to start). */
  onHelperStatus(listener: (serial: string) => void): void {
    this.helperListeners.push(listener);
    for (const helpers of this.supervisors.values()) helpers.onStatus(listener);
  }

  /** The device left its server: the next use starts a new session, located again. */
  drop(serial: string): void {
    this.sessions.delete(serial);
  }

  /** How many sessions are kept. */
  size(): number {
    return this.sessions.size;
  }

  /** Stops every helper the sessions started. */
  stop(): void {
    for (const h of this.supervisors.values()) h.stopAll();
    this.supervisors.clear();
    this.sessions.clear();
  }
}
