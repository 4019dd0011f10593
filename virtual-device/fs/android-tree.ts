// The directory layout a fresh Android phone shows to the shell user: shared storage under
// /sdcard, the scratch directory /data/local/tmp, and a read-only /system with its tools.

import { MemoryFileSystem, S_IFREG } from './memory-file-system';

/** Tools listed in /system/bin by default (`ls /system/bin`); the simulation may pass its own list. */
export const DEFAULT_SYSTEM_BINARIES: readonly string[] = [
  'am', 'cat', 'cmd', 'dumpsys', 'echo', 'getprop', 'input', 'logcat', 'ls', 'mkdir', 'monkey', 'pm', 'rm',
  'screencap', 'settings', 'setprop', 'sh', 'sleep', 'toybox', 'uiautomator', 'wm',
];

const DIRECTORIES: ReadonlyArray<readonly [string, number]> = [
  ['/sdcard', 0o770],
  ['/sdcard/Alarms', 0o770],
  ['/sdcard/Android', 0o770],
  ['/sdcard/DCIM', 0o770],
  ['/sdcard/Download', 0o770],
  ['/sdcard/Movies', 0o770],
  ['/sdcard/Music', 0o770],
  ['/sdcard/Pictures', 0o770],
  ['/data', 0o771],
  ['/data/local', 0o751],
  ['/data/local/tmp', 0o771],
  ['/storage', 0o755],
  ['/system', 0o755],
  ['/system/bin', 0o755],
];

// An ELF magic so `cat`/`file`-style probes see a binary rather than a script.
const ELF_STUB = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);

export function createAndroidFileSystem(options: { binaries?: readonly string[]; now?: () => number } = {}): MemoryFileSystem {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  // Seed through a writable view, then mount /system read-only as on a real device.
  const seed = new MemoryFileSystem({ now });
  const t = now();
  for (const [path, mode] of DIRECTORIES) seed.mkdir(path, mode, t);
  for (const name of options.binaries ?? DEFAULT_SYSTEM_BINARIES) {
    seed.write(`/system/bin/${name}`, ELF_STUB, S_IFREG | 0o755, t);
  }
  return seed.mountReadOnly(['/system']);
}
