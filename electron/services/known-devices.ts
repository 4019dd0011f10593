// Network devices the operator connected (Wi-Fi debugging, a farm's remote adb `host:port` such as
// DeviceFarmer/STF's), remembered in <data dir>/known-devices.json and reconnected automatically: at start and
// whenever one is not online (dropped Wi-Fi, a rebooted phone), every 5 s with `adb connect`. Disconnecting
// from the console forgets it, so a removed device never comes back by itself.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AdbServer } from '../adb';

type Server = Pick<AdbServer, 'connect' | 'deviceState' | 'address'>;

export class KnownDevices {
  private readonly targets = new Map<string, string>(); // target → server address
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly file: string,
    private readonly servers: readonly Server[],
    private readonly everyMs = 5000,
  ) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { devices?: Array<{ target: string; server: string }> };
      for (const d of saved.devices ?? [])
        if (typeof d.target === 'string' && typeof d.server === 'string') this.targets.set(d.target, d.server);
    } catch {
      // No file yet, or an unreadable one: start with none (it is rewritten on the next connect).
    }
  }

  list(): Array<{ target: string; server: string }> {
    return [...this.targets].map(([target, server]) => ({ target, server }));
  }

  remember(target: string, server: string): void {
    this.targets.set(target, server);
    this.save();
  }

  forget(target: string): void {
    if (this.targets.delete(target)) this.save();
  }

  start(): void {
    void this.reconnect();
    this.timer = setInterval(() => void this.reconnect(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass: `adb connect` every known target its server does not list as online. */
  async reconnect(): Promise<string[]> {
    if (this.busy) return [];
    this.busy = true;
    const done: string[] = [];
    try {
      for (const [target, address] of this.targets) {
        const server = this.servers.find((s) => s.address === address);
        if (!server) continue;
        const state = await server.deviceState(target).catch(() => undefined);
        if (state === 'device' || state === undefined) continue;
        if (
          await server.connect(target).then(
            () => true,
            () => false,
          )
        )
          done.push(target);
      }
    } finally {
      this.busy = false;
    }
    return done;
  }

  private save(): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ devices: this.list() }, null, 2)}\n`);
    renameSync(tmp, this.file);
  }
}
