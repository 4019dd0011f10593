// `adb reverse` bookkeeping for one transport (AOSP adb_listeners.cpp, device side): which
// device-side address forwards to which host-side address. The simulated Android reaches the
// host through AdbDeviceConnection.openReverse(deviceAddress).

export type ReverseResult = { ok: true; resolvedPort?: number } | { ok: false; message: string };

/** Device ports handed out for `tcp:0`; Linux's ephemeral range starts here. */
const FIRST_EPHEMERAL_PORT = 32768;

export class ReverseForwards {
  private readonly forwards = new Map<string, string>();
  private nextPort = FIRST_EPHEMERAL_PORT;

  forward(local: string, remote: string, noRebind: boolean): ReverseResult {
    let resolvedPort: number | undefined;
    if (local === 'tcp:0') {
      do resolvedPort = this.nextPort++;
      while (this.forwards.has(`tcp:${resolvedPort}`));
      local = `tcp:${resolvedPort}`;
    }
    if (!/^(tcp:\d+|localabstract:.+|localreserved:.+|localfilesystem:.+)$/.test(local)) {
      return { ok: false, message: `cannot bind listener: unknown socket specification '${local}'` };
    }
    if (noRebind && this.forwards.has(local)) return { ok: false, message: 'cannot rebind existing socket' };
    this.forwards.set(local, remote);
    return resolvedPort === undefined ? { ok: true } : { ok: true, resolvedPort };
  }

  kill(local: string): ReverseResult {
    return this.forwards.delete(local) ? { ok: true } : { ok: false, message: `listener '${local}' not found` };
  }

  killAll(): void {
    this.forwards.clear();
  }

  /** The host-side address a device-side connection to `local` is tunnelled to. */
  lookup(local: string): string | undefined {
    return this.forwards.get(local);
  }

  /** adbd's format_listeners: "<transport serial> <device address> <host address>\n" per forward. */
  format(transportName: string): string {
    return [...this.forwards].map(([local, remote]) => `${transportName} ${local} ${remote}\n`).join('');
  }
}
