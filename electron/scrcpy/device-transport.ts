// The three adb operations the scrcpy client needs, behind a small interface (tests fake it; adbkit backs it).
import { PassThrough, type Duplex } from 'node:stream';
import type { Client } from '../adb/adbkit';

export interface ScrcpyDeviceTransport {
  push(data: Uint8Array, devicePath: string, mode?: number): Promise<void>;
  /** Starts a shell command and returns its stream (stdout+stderr in, stdin out); ends when the command exits. */
  shell(command: string): Promise<Duplex>;
  /** Opens a device-local socket (e.g. `localabstract:scrcpy_0123abcd`): scrcpy's forward tunnel without a host port. */
  openLocal(address: string): Promise<Duplex>;
}

export function adbkitTransport(client: Client, serial: string): ScrcpyDeviceTransport {
  const device = client.getDevice(serial);
  return {
    async push(data, devicePath, mode = 0o644) {
      // A byte stream (not object mode), so adbkit splits it into DATA chunks of at most 64 KiB.
      const source = new PassThrough();
      source.end(Buffer.from(data));
      const transfer = await device.push(source, devicePath, mode);
      await new Promise<void>((resolve, reject) => {
        transfer.on('end', resolve);
        transfer.on('error', reject);
      });
    },
    shell: (command) => Promise.resolve(device.shell(command)),
    openLocal: (address) => Promise.resolve(device.openLocal(address)),
  };
}
