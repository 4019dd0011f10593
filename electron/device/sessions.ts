// The device sessions of one process, one per serial, with one helper supervisor per adb server. A session is
// bound to the server that lists its device: the directory names it from its tracker; anyone else (the
// executor) finds it through the servers when no session exists yet.
import type { AdbServer } from '../adb/adb-server';
import { locateDevice } from '../adb/servers';
import { HelperSupervisor } from '../helper/helper-supervisor';
import { deviceResolver, type ResolveDevice } from './identity';
import { DeviceSession } from './session';
import { TransportWatch } from './transport-watch';

/**
 * Sessions kept beyond this many are forgotten least recently used first, unless mirrored: a caller can name
 * any serial, and a forgotten session costs only a fresh read of what it cached.
 */
const KEEP_SESSIONS = 64;

export class DeviceSessions {
  private readonly sessions = new Map<string, DeviceSession>();
  private readonly supervisors = new Map<string, HelperSupervisor>();
  private readonly helperListeners: Array<(serial: string) => void> = [];
  private readonly transports: TransportWatch;
  /** Serial or alias → canonical serial and identity, shared by everyone using these sessions (identity.ts). */
  readonly resolve: ResolveDevice;

  constructor(
    readonly servers: readonly AdbServer[],
    /** The helper supervisor of a server (tests pass fakes). */
    private readonly supervise: (adb: AdbServer) => HelperSupervisor = (adb) => new HelperSupervisor(adb),
  ) {
    this.transports = new TransportWatch(servers);
    this.resolve = deviceResolver(servers, this.transports);
    // A transport that changed state may come back as another device: what its session read is forgotten.
    this.transports.onChange((serial) => this.sessions.get(serial)?.invalidate());
  }

  /**
   * Follows the servers' transports, so identities are read once per transport until it reconnects (a
   * long-lived process: the console, tactile mcp, tactile bridge). Without it every resolve reads the identity.
   */
  watchTransports(): Promise<void> {
    return this.transports.start();
  }

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

  /** Stops every helper the sessions started, and the transport watch. */
  stop(): void {
    this.transports.stop();
    for (const h of this.supervisors.values()) h.stopAll();
    this.supervisors.clear();
    this.sessions.clear();
  }
}
