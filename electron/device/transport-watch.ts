// Which device transports have stayed the same since a host looked. adb keeps a network device's transport (and
// its transport id) across a reconnect: a phone replaced at the same address, or the virtual device restarted on
// its port, comes back under the same serial and transport id as another device. The adb server announces each
// state change on `host:track-devices` (device → offline → device), so a tracker sees the transport come back;
// every change gives the transport a new epoch, and what was read about the device before (its identity)
// is read again. A transport the tracker does not follow as `device` has no epoch: nothing about it is trusted.
import type { AdbServer } from '../adb/adb-server';
import { DeviceTracker } from '../adb/device-tracker';

export class TransportWatch {
  private readonly tracker: DeviceTracker;
  /** `server/serial` → how many times its transport changed state while watched. */
  private readonly epochs = new Map<string, number>();
  /** `server/serial` → its state as last announced; absent when gone (or its server is not followed). */
  private readonly states = new Map<string, string>();
  /** server → how many transport changes (any serial: added, changed, removed) it announced while watched. */
  private readonly changes = new Map<string, number>();
  private readonly listeners: Array<(serial: string) => void> = [];
  private started: Promise<void> | null = null;

  constructor(servers: readonly AdbServer[]) {
    this.tracker = new DeviceTracker(servers);
    this.tracker.on('device', (event) => {
      const key = `${event.device.server}/${event.device.serial}`;
      this.epochs.set(key, (this.epochs.get(key) ?? 0) + 1);
      this.changes.set(event.device.server, (this.changes.get(event.device.server) ?? 0) + 1);
      if (event.type === 'removed') this.states.delete(key);
      else this.states.set(key, event.device.state);
      for (const listener of this.listeners) listener(event.device.serial);
    });
    // A server that goes away: the tracker removes its devices (so they have no epoch) and follows it again later.
    this.tracker.on('error', () => undefined);
  }

  /** Starts following the servers (once); until it has, and when it cannot, no transport has an epoch. */
  start(): Promise<void> {
    this.started ??= this.tracker.start().catch(() => undefined);
    return this.started;
  }

  /**
   * The transport's epoch: the same value as long as `serial` stayed online on `server` without a state change
   * since; null when it is not followed online (not started, offline, gone), so the caller reads afresh.
   */
  epoch(server: string, serial: string): number | null {
    const key = `${server}/${serial}`;
    return this.states.get(key) === 'device' ? (this.epochs.get(key) ?? null) : null;
  }

  /**
   * How many transport changes `server` announced so far: while it stays the same (and a device's epoch is not
   * null), the server's device list is the one seen then, so a name adb resolved against it resolves the same.
   */
  generation(server: string): number {
    return this.changes.get(server) ?? 0;
  }

  /** Calls `listener(serial)` on every state change of a transport (reconnects included). */
  onChange(listener: (serial: string) => void): void {
    this.listeners.push(listener);
  }

  stop(): void {
    this.tracker.stop();
    this.states.clear();
  }
}
