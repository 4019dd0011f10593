// The device list the console shows: adb's devices across servers (tracked), each with model and SDK once it
// answers getprop (read by its device session), the input backend the executor would use, and who holds its
// lock. Rows are recomputed on every tracker event and on a short poll (lock holders change without an adb
// event); `devices.changed` is emitted only when the rows differ. The tracker follows a restarted adb server
// again and reconnects the network devices it had (the embedded virtual device included). A row's lock is
// looked up by the device's identity (two transports of one phone show the same holder), and every serial a
// request names is resolved through `resolve` first.
import { DeviceTracker, type AdbServer, type DeviceInfo } from '../adb';
import type { ResolvedDevice } from '../device/identity';
import type { DeviceLocks } from '../device/lock';
import type { DeviceSession } from '../device/session';
import type { DeviceSessions } from '../device/sessions';
import type { DeviceRow } from '../../shared/ipc';
import type { EventHub } from './event-hub';
import type { ExecutorPort } from './executor-port';
import { lockView } from './lock-view';

export interface DeviceDirectoryOptions {
  servers: readonly AdbServer[];
  sessions: DeviceSessions;
  locks: DeviceLocks;
  events: EventHub;
  capabilities?: ExecutorPort['capabilities'];
  /** Serial of the virtual device this app started, if any. */
  embeddedSerial?: () => string | null;
  pollMs?: number;
}

export class DeviceDirectory {
  private readonly tracker: DeviceTracker;
  private readonly backends = new Map<string, Promise<string | null>>();
  private readonly identities = new Map<string, Promise<string | null>>();
  private readonly resolutions = new Map<string, Promise<ResolvedDevice>>();
  private last = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: DeviceDirectoryOptions) {
    this.tracker = new DeviceTracker(options.servers);
    this.tracker.on('device', (event) => {
      // A device that went away or changed state may come back different (another phone on the same port).
      if (event.type !== 'added') {
        this.backends.delete(event.device.serial);
        this.identities.delete(event.device.serial);
        this.resolutions.delete(event.device.serial);
      }
      if (event.type === 'changed') this.session(event.device.serial).invalidate();
      if (event.type === 'removed') this.options.sessions.drop(event.device.serial);
      void this.publish();
    });
    // The helper started, broke (its exit named in the device's notice) or could not start: the backend the
    // executor would use changed with it, so the row says so at once.
    options.sessions.onHelperStatus((serial) => {
      this.backends.delete(serial);
      void this.publish();
    });
    // Tracking errors (a server stopped) surface as a shorter list; the poll keeps the view current.
    this.tracker.on('error', () => void this.publish());
  }

  async start(): Promise<void> {
    await this.tracker.start();
    this.timer = setInterval(() => void this.publish(), this.options.pollMs ?? 1000);
    this.timer.unref();
    await this.publish();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.tracker.stop();
  }

  /** The adb server that lists `serial` (the first server when none does, so adb reports the unknown serial). */
  serverFor(serial: string): AdbServer {
    const entry = this.tracker.devices().find((d) => d.serial === serial);
    const server = entry ? this.options.servers.find((s) => s.address === entry.server) : undefined;
    return server ?? this.options.servers[0]!;
  }

  /** The device session of `serial`, on the server that lists it (or the one named). */
  session(serial: string, server: AdbServer = this.serverFor(serial)): DeviceSession {
    return this.options.sessions.session(serial, server);
  }

  /** adb's canonical serial, the device identity and the server for any serial or alias a request names. */
  resolve(serial: string): Promise<ResolvedDevice> {
    return this.options.sessions.resolve(serial);
  }

  /**
   * `resolve` for a device the tracker lists under this canonical serial, kept until the tracker reports it
   * changed or gone (then it is read again before the next use): a live touch's press takes the lock without
   * two adb round trips first. Any other name is resolved afresh.
   */
  resolveTracked(serial: string): Promise<ResolvedDevice> {
    const cached = this.resolutions.get(serial);
    if (cached) return cached;
    const tracked = this.tracker.devices().some((d) => d.serial === serial && d.state === 'device');
    const resolution = this.options.sessions.resolve(serial);
    if (!tracked) return resolution;
    this.resolutions.set(serial, resolution);
    // A failed resolution is not kept: the next press asks adb again.
    resolution.then(
      (d) => {
        if (d.serial !== serial && this.resolutions.get(serial) === resolution) this.resolutions.delete(serial);
      },
      () => {
        if (this.resolutions.get(serial) === resolution) this.resolutions.delete(serial);
      },
    );
    return resolution;
  }

  /** Device info read now (the session keeps it for the rows while the device stays attached). */
  info(serial: string): Promise<DeviceInfo> {
    return this.session(serial).info();
  }

  async rows(): Promise<DeviceRow[]> {
    const embedded = this.options.embeddedSerial?.() ?? null;
    const entries = this.tracker.devices().sort((a, b) => a.serial.localeCompare(b.serial));
    return Promise.all(
      entries.map(async (entry): Promise<DeviceRow> => {
        const online = entry.state === 'device';
        const info = online ? await this.session(entry.serial).knownInfo() : null;
        const backend = online ? await this.cachedBackend(entry.serial) : null;
        const identity = online ? await this.cachedIdentity(entry.serial) : null;
        const lock = this.options.locks.status(identity ?? entry.serial)[0];
        return {
          serial: entry.serial,
          state: entry.state,
          server: entry.server,
          model: info?.model ?? null,
          sdk: info?.sdk ?? null,
          backend,
          lock: lock ? lockView(lock) : { serial: entry.serial, state: 'free', holder: null },
          embedded: entry.serial === embedded,
        };
      }),
    );
  }

  private cachedIdentity(serial: string): Promise<string | null> {
    let identity = this.identities.get(serial);
    if (!identity) {
      // The tracked resolution: the row's identity, and the one a live touch's first press takes the lock by.
      identity = this.resolveTracked(serial).then(
        (d) => d.identity,
        () => null,
      );
      this.identities.set(serial, identity);
    }
    return identity;
  }

  private cachedBackend(serial: string): Promise<string | null> {
    const capabilities = this.options.capabilities;
    if (!capabilities) return Promise.resolve(null);
    let backend = this.backends.get(serial);
    if (!backend) {
      backend = capabilities(serial).then(
        (c) => c.backend,
        () => null,
      );
      this.backends.set(serial, backend);
    }
    return backend;
  }

  private async publish(): Promise<void> {
    const devices = await this.rows();
    const text = JSON.stringify(devices);
    if (text === this.last) return;
    this.last = text;
    this.options.events.emit('devices.changed', { devices });
  }
}
