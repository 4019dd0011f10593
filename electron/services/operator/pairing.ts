// Wireless debugging pairing (Android 11+): `adb pair HOST:PORT CODE` on the given adb server. adbkit has no
// pairing, so the adb binary runs it against that server (-H/-P); the device then appears once connected
// to its own (different) debugging port. An adb older than platform-tools 30 (Debian's 29.0.6) has no `pair`:
// that is said in words, with what to install.
import { execFile } from 'node:child_process';
import { findHostAdb } from '../../adb/find-adb';
import type { AdbServer } from '../../adb/adb-server';

export function pair(server: AdbServer, target: string, code: string): Promise<{ paired: boolean; message: string }> {
  const [host, port] = server.address.split(/:(?=\d+$)/);
  const bin = findHostAdb();
  return new Promise((resolve) => {
    execFile(bin, ['-H', host!, '-P', port!, 'pair', target, code], { timeout: 20_000 }, (error, stdout, stderr) => {
      const message = `${stdout}${stderr}`.trim() || (error?.message ?? '');
      if (/unknown command pair/i.test(message)) {
        return resolve({
          paired: false,
          message: `${bin} has no "pair" command (it is older than platform-tools 30): install a newer Android SDK platform-tools to pair over Wi-Fi`,
        });
      }
      resolve({ paired: !error && /Successfully paired/i.test(message), message });
    });
  });
}
