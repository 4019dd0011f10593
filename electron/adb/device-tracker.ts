// Device tracking as typed events across one or more adb servers (`host:track-devices` through adbkit).
// Devices present when tracking starts arrive as `added`; a state change (device → offline…) is `changed`.
// adb's server does not announce every state change on track-devices (a TCP device that dies turns
// `offline` in `adb devices` without an update), so the list is also reconciled every few seconds.
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

type Tracker = Awaited<ReturnType<AdbServer['client']['trackDevices']>>;

export class DeviceTracker extends EventEmitter<TrackerEvents> {
  private readonly known = new Map<string, DeviceEntry>();
  private readonly trackers: Tracker[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly servers: readonly AdbServer[],
    private readonly options: { reconcileMs?: number } = {},
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
    for (const t of this.timers) clearInterval(t);
    this.trackers.length = 0;
    this.timers.length = 0;
  }

  private async follow(server: AdbServer): Promise<void> {
    const tracker = await server.run('track-devices', undefined, () => server.client.trackDevices());
    this.trackers.push(tracker);
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
      this.emit('error', closed
        ? new DeviceLayerError('ADB_UNAVAILABLE', `the adb server at ${server.address} closed the device tracking connection (server stopped?)`, { cause: err })
        : classifyAdbError(err, { server: server.address, action: 'track-devices' }));
    });
    const reconcile = async () => {
      const listed = await server.listDevices();
      if (this.stopped) return;
      for (const device of listed) update(device);
      for (const device of this.known.values()) {
        if (device.server === server.address && !listed.some((d) => d.serial === device.serial)) remove(device);
      }
    };
    const timer = setInterval(() => reconcile().catch(() => undefined), this.options.reconcileMs ?? 2000);
    timer.unref();
    this.timers.push(timer);
    // The server is gone: its devices are no longer reachable through it, and it is no longer polled
    // (a poll of a dead server would make adbkit start a new one). Start a new tracker to follow it again.
    tracker.on('end', () => {
      clearInterval(timer);
      if (this.stopped) return;
      for (const device of this.known.values()) if (device.server === server.address) remove(device);
    });
    // adbkit reads the first device list as soon as the tracker exists, possibly before the listeners above
    // were attached; the first reconcile fills in what those early events carried (update() skips duplicates).
    await reconcile();
  }
}
