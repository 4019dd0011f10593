// `logcat.read` for the console's Logcat panel: one `logcat -d -v epoch` read (the last `limit` lines, or
// those since a time, the panel polls with its last line's time) and `ps -A -o PID,NAME` to name each
// line's process. Read-only: no lock, nothing sent to the app.
import type { Handlers } from '../../shared/ipc';
import { parseLogcat } from '../../shared/verify/logcat';
import type { DeviceDirectory } from './device-directory';

const seconds = (ms: number) => `${Math.floor(ms / 1000)}.${String(Math.floor(ms) % 1000).padStart(3, '0')}`;

/**
 * pid → package from `ps -A -o PID,NAME` (or a phone's plain `ps -A`: the header says where PID and NAME are).
 * An app's secondary processes (`com.app:sync`) belong to its package; daemons keep their names.
 */
export function parsePs(out: string): Map<number, string> {
  const names = new Map<number, string>();
  const [head = '', ...rows] = out.split(/\r?\n/);
  const columns = head.trim().split(/\s+/);
  const pidAt = columns.indexOf('PID');
  if (pidAt < 0 || columns.at(-1) !== 'NAME') return names;
  for (const row of rows) {
    const cells = row.trim().split(/\s+/);
    if (cells.length < columns.length || !/^\d+$/.test(cells[pidAt] ?? '')) continue;
    const name = cells.slice(columns.length - 1).join(' ');
    names.set(Number(cells[pidAt]), /^[A-Za-z][\w.]*:/.test(name) ? name.slice(0, name.indexOf(':')) : name);
  }
  return names;
}

export function logcatHandlers(directory: DeviceDirectory): Pick<Handlers, 'logcat.read'> {
  return {
    'logcat.read': async ({ serial, since_ms, limit }) => {
      const device = await directory.resolve(serial);
      const session = directory.session(device.serial, device.server);
      const window = since_ms === null ? `-t ${limit}` : `-T ${seconds(since_ms)}`;
      const [out, ps] = await Promise.all([
        session.shell(`logcat -d -v epoch ${window}`),
        session.shell('ps -A -o PID,NAME').catch(() => ''),
      ]);
      const names = parsePs(ps);
      const all = parseLogcat(out, new Date().getUTCFullYear()).map((e) => ({
        ...e,
        package: names.get(e.pid) ?? null,
      }));
      const entries = all.slice(-limit);
      return { serial: device.serial, entries, truncated: entries.length < all.length };
    },
  };
}
