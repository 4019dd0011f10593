// Device tracking as typed events across one or more adb servers (`host:track-devices` through adbkit).
// Devices present when tracking starts arrive as `added`; a state change (device → offline…) is `changed`.
// adb's server does not announce every state change on track-devices (a TCP device that dies turns
// `offline` in `adb devices` without an update), so the list is also reconciled every few seconds.
// A server that goes away (`adb kill-server`, a crash) is waited for with a capped backoff and followed again
// when it is back; the network devices it had are then connected again, as a fresh server knows none of them.
// Usage: `const t = new DeviceTracker(servers); t.on('device', …); t.on('error', …); await t.start();`
import { EventEmitter } from 'node:events';
import type { Device } from './adbkit';
import type { AdbServer, DeviceEntry } from './adb-server';
import { classifyAdbError, DeviceLayerError } from './errors';

export type DeviceEvent =
  | { type: 'added'; device: DeviceEntry }
  | { type: 'removed'; device: DeviceEntry }
  | { type: 'changed'; device: DeviceEntry; previous_state: string };

interface TrackerEvents {
  device: [DeviceEvent];
  /** A server's tracking failed or its connection closed; the other servers keep tracking. */
  error: [DeviceLayerError];
}

export interface DeviceTrackerOptions {
  reconcileMs?: number;
  /** Wait before the first look for a lost server, doubled per failed look up to `maxMs` (default 100 ms → 1 s). */
  backoff?: { initialMs?: number; maxMs?: number };
}

type Tracker = Awaited<ReturnType<AdbServer['client']['trackDevices']>>;

/** A device adb reaches over TCP (`adb connect host:port`): an emulator or USB serial never matches. */
export function isNetworkSerial(serial: string): boolean {
  return /^[A-Za-z0-9.-]+:\d{1,5}$/.test(serial);
}

export class DeviceTracker extends EventEmitter<TrackerEvents> {
  private readonly known = new Map<string, DeviceEntry>();
  private readonly trackers: Tracker[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Servers with a live track-devices connection. */
  private readonly following = new Set<string>();
  /** Per lost server: the network devices it listed when it went away, to connect again once it is back. */
  private readonly lostNetwork = new Map<string, Set<string>>();
  private stopped = false;

  constructor(
    private readonly servers: readonly AdbServer[],
    private readonly options: DeviceTrackerOptions = {},
  ) {
    super();
  }

  /** Starts tracking every server; rejects (ADB_UNAVAILABLE…) if any of them cannot be reached. */
  async start(): Promise<void> {
    try {
      await Promise.all(this.servers.map((s) => this.follow(s)));
    } catch (err) {
      this.stop();
      throw err;
    }
  }

  /** Devices currently known, across servers. */
  devices(): DeviceEntry[] {
    return [...this.known.values()];
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.trackers) t.end();
    for (const t of this.timers) clearTimeout(t);
    this.trackers.length = 0;
    this.timers.clear();
    this.following.clear();
  }

  private async follow(server: AdbServer): Promise<void> {
    const tracker = await server.run('track-devices', undefined, () => server.client.trackDevices());
    if (this.stopped) {
      tracker.end();
      return;
    }
    this.trackers.push(tracker);
    this.following.add(server.address);
    const key = (d: DeviceEntry) => `${d.server}/${d.serial}`;
    const update = (device: DeviceEntry) => {
      const known = this.known.get(key(device));
      if (known?.state === device.state) return;
      this.known.set(key(device), device);
      this.emit('device', known ? { type: 'changed', device, previous_state: known.state } : { type: 'added', device });
    };
    const entry = (d: Device): DeviceEntry => ({ serial: d.id, state: d.type, server: server.address });
    tracker.on('add', (d: Device) => update(entry(d)));
    tracker.on('change', (d: Device) => update(entry(d)));
    const remove = (device: DeviceEntry) => {
      if (this.known.delete(key(device))) this.emit('device', { type: 'removed', device });
    };
    tracker.on('remove', (d: Device) => remove(entry(d)));
    tracker.on('error', (err: unknown) => {
      if (this.stopped) return;
      const closed = err instanceof Error && err.message === 'Connection closed';
      this.emit(
        'error',
        closed
          ? new DeviceLayerError(
              'ADB_UNAVAILABLE',
              `the adb server at ${server.address} closed the device tracking connection (server stopped?)`,
              { cause: err },
            )
          : classifyAdbError(err, { server: server.address, action: 'track-devices' }),
      );
    });
    const reconcile = async () => {
      const listed = await server.listDevices();
      if (this.stopped || !this.following.has(server.address)) return;
      for (const device of listed) update(device);
      for (const device of this.known.values()) {
        if (device.server === server.address && !listed.some((d) => d.serial === device.serial)) remove(device);
      }
    };
    const timer = setInterval(() => reconcile().catch(() => undefined), this.options.reconcileMs ?? 2000);
    timer.unref();
    this.timers.add(timer);
    // The server is gone: its devices are no longer reachable through it, and it is no longer polled
    // (a poll of a dead server would make adbkit start a new one). It is followed again once it is back.
    tracker.on('end', () => {
      clearInterval(timer);
      this.timers.delete(timer);
      this.trackers.splice(this.trackers.indexOf(tracker), 1);
      this.following.delete(server.address);
      if (this.stopped) return;
      const network = this.lostNetwork.get(server.address) ?? new Set<string>();
      this.lostNetwork.set(server.address, network);
      for (const device of this.known.values()) {
        if (device.server !== server.address) continue;
        if (isNetworkSerial(device.serial)) network.add(device.serial);
        remove(device);
      }
      this.recover(server, this.options.backoff?.initialMs ?? 100);
    });
    // adbkit reads the first device list as soon as the tracker exists, possibly before the listeners above
    // were attached; the first reconcile fills in what those early events carried (update() skips duplicates).
    await reconcile();
  }

  /** Looks for the lost server after `delayMs`, and again with a doubled wait (capped) until it is back. */
  private recover(server: AdbServer, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.retrack(server).then((back) => {
        if (!back && !this.stopped) this.recover(server, Math.min(delayMs * 2, this.options.backoff?.maxMs ?? 1000));
      });
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async retrack(server: AdbServer): Promise<boolean> {
    if (this.stopped) return true;
    // A bare TCP look first: adbkit would answer a refused connection by starting a server of its own.
    if (!(await server.reachable())) return false;
    try {
      await this.follow(server);
    } catch {
      // Tracking is up but its first listing failed: the reconcile poll catches up; otherwise look again later.
      if (!this.following.has(server.address)) return false;
    }
    if (this.stopped) return true;
    const network = [...(this.lostNetwork.get(server.address) ?? [])];
    this.lostNetwork.delete(server.address);
    await Promise.all(
      network.map((serial) =>
        server.connect(serial).catch((err: DeviceLayerError) => {
          if (this.stopped) return;
          // Lost again meanwhile: try once more when it is back. Otherwise the device does not answer any more; it is
          // reported and left out (the operator can connect it again).
          if (!this.following.has(server.address)) this.lostNetwork.get(server.address)?.add(serial);
          else this.emit('error', err);
        }),
      ),
    );
    return true;
  }
}
