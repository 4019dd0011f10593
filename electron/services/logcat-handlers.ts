// `logcat.read` for the console's Logcat panel: one `logcat -d -v epoch` read (the last `limit` lines, or
// those since a time, the panel polls with its last line's time) and `ps -A -o PID,NAME` to name each
// line's process. Read-only: no lock, nothing sent to the app.
import type { Handlers } from '../../shared/ipc';
import { parseLogcat } from '../../shared/verify/logcat';
import type { DeviceDirectory } from './device-directory';

const seconds = (ms: number) => `${Math.floor(ms / 1000)}.${String(Math.floor(ms) % 1000).padStart(3, '0')}`;

export function parsePs(out: string): Map<number, string> {
  const names = new Map<number, string>();
  for (const line of out.split('\n').slice(1)) {
    const m = /^\s*(\d+)\s+(\S+)/.exec(line);
    if (m) names.set(Number(m[1]), m[2]!);
  }
  return names;
}

export function logcatHandlers(directory: DeviceDirectory): Pick<Handlers, 'logcat.read'> {
  return {
    'logcat.read': async ({ serial, since_ms, limit }) => {
      const device = await directory.resolve(serial);
      const session = directory.session(device.serial, device.server);
      const window = since_ms === null ? `-t ${limit}` : `-T ${seconds(since_ms)}`;
      const [out, ps] = await Promise.all([session.shell(`logcat -d -v epoch ${window}`), session.shell('ps -A -o PID,NAME').catch(() => '')]);
      const names = parsePs(ps);
      const all = parseLogcat(out, new Date().getUTCFullYear()).map((e) => ({ ...e, package: names.get(e.pid) ?? null }));
      const entries = all.slice(-limit);
      return { serial: device.serial, entries, truncated: entries.length < all.length };
    },
  };
}
