// A small stand-in for the simulated Android, for transport tests: a shell with a handful of
// commands whose output the tests can predict exactly, the real in-memory file system, and a
// socket registry.

import type { DeviceServices, DeviceStream, ShellIo } from '../../virtual-device/device-services';
import { createAndroidFileSystem } from '../../virtual-device/fs/android-tree';

export function allBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 7 + (i >> 8)) & 0xff;
  return out;
}

export function createFakeDeviceServices(): DeviceServices & { commands: string[]; aborted: string[] } {
  const fs = createAndroidFileSystem();
  // adbd serves sync as the shell user, as on a phone.
  fs.setCredentials(() => ({ uid: 2000, gids: [2000, 1015] }));
  const listeners = new Map<string, (stream: DeviceStream) => void>();
  const commands: string[] = [];
  const aborted: string[] = [];
  return {
    commands,
    aborted,
    banner: () => ({ productName: 'tactile_fake', model: 'Fake_Phone', device: 'fake' }),
    fs,
    sockets: {
      listen(address, accept) {
        if (listeners.has(address)) throw new Error(`${address} already has a listener`);
        listeners.set(address, accept);
        return () => listeners.delete(address);
      },
      connect: (address) => listeners.get(address) ?? null,
      connectOut: (address) => Promise.reject(new Error(`Connection refused: ${address}`)),
    },
    shell: {
      async exec(commandLine: string, io: ShellIo): Promise<number> {
        commands.push(commandLine);
        io.signal.addEventListener('abort', () => aborted.push(commandLine));
        // adb quotes each argument of `exec-out`/`shell` as 'arg'; a toy word splitter is enough here.
        const [name, ...args] = commandLine
          .trim()
          .split(/\s+/)
          .map((w) => w.replace(/^'(.*)'$/, '$1'));
        switch (name) {
          case 'echo':
            await io.stdout(`${args.join(' ')}\n`);
            return 0;
          case 'false':
            return 1;
          case 'bytes':
            await io.stdout(allBytes(Number(args[0])));
            return 0;
          case 'cat': {
            const data = fs.read(args[0] ?? '');
            if (!data) {
              await io.stderr(`cat: ${args[0]}: No such file or directory\n`);
              return 1;
            }
            await io.stdout(data);
            return 0;
          }
          case 'sleep':
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, Number(args[0]) * 1000);
              io.signal.addEventListener('abort', () => {
                clearTimeout(timer);
                resolve();
              });
            });
            return io.signal.aborted ? 130 : 0;
          case 'ticker':
            // Prints forever until the host goes away.
            for (let i = 0; !io.signal.aborted; i++) {
              await io.stdout(`tick ${i}\n`);
              await new Promise((r) => setTimeout(r, 20));
            }
            return 130;
          default:
            await io.stderr(`/system/bin/sh: ${name}: not found\n`);
            return 127;
        }
      },
    },
  };
}
