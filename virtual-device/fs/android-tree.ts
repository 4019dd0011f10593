// The directory layout a fresh Android 14 phone shows to the shell user, with its owners and modes: shared
// storage under /sdcard (the FUSE daemon presents root:sdcard_rw, rwxrwx--x / rw-rw----), /data (system, only
// searchable by others) with adb's scratch directory /data/local/tmp (shell's own) and the apps' private
// /data/data/PKG (added by the package manager), /sys's CPU list, and a read-only root and /system with the tools.

import { MemoryFileSystem, S_IFREG } from './memory-file-system';

/** AIDs (system/core/libcutils/include/private/android_filesystem_config.h). */
export const AID = { root: 0, system: 1000, shell: 2000, sdcard_rw: 1015, everybody: 9997 } as const;

/** Tools listed in /system/bin by default (`ls /system/bin`); the simulation may pass its own list. */
export const DEFAULT_SYSTEM_BINARIES: readonly string[] = [
  'am',
  'app_process',
  'appops',
  'cat',
  'content',
  'chmod',
  'chown',
  'cmd',
  'cp',
  'cut',
  'date',
  'df',
  'dumpsys',
  'echo',
  'free',
  'getprop',
  'grep',
  'head',
  'hostname',
  'id',
  'input',
  'kill',
  'logcat',
  'ls',
  'mkdir',
  'monkey',
  'mv',
  'nohup',
  'nproc',
  'pgrep',
  'pidof',
  'pkill',
  'pm',
  'printf',
  'ps',
  'reboot',
  'remount',
  'rm',
  'rmdir',
  'screencap',
  'screenrecord',
  'sed',
  'settings',
  'setprop',
  'sh',
  'sleep',
  'sort',
  'stat',
  'svc',
  'tail',
  'toybox',
  'top',
  'touch',
  'tr',
  'uiautomator',
  'uname',
  'uniq',
  'uptime',
  'wc',
  'which',
  'whoami',
  'wm',
  'xargs',
];

type Entry = readonly [path: string, mode: number, uid: number, gid: number];

const DIRECTORIES: readonly Entry[] = [
  ['/sdcard', 0o771, AID.root, AID.sdcard_rw],
  ['/sdcard/Alarms', 0o771, AID.root, AID.sdcard_rw],
  ['/sdcard/Android', 0o771, AID.root, AID.sdcard_rw],
  ['/sdcard/DCIM', 0o771, AID.root, AID.sdcard_rw],
  ['/sdcard/Download', 0o771, AID.root, AID.sdcard_rw],
  ['/sdcard/Movies', 0o771, AID.root, AID.sdcard_rw],
  ['/sdcard/Music', 0o771, AID.root, AID.sdcard_rw],
  ['/sdcard/Pictures', 0o771, AID.root, AID.sdcard_rw],
  ['/data', 0o771, AID.system, AID.system],
  ['/data/app', 0o771, AID.system, AID.system],
  ['/data/data', 0o771, AID.system, AID.system],
  ['/data/local', 0o751, AID.root, AID.root],
  ['/data/local/tmp', 0o771, AID.shell, AID.shell],
  ['/dev', 0o755, AID.root, AID.root],
  ['/proc', 0o555, AID.root, AID.root],
  ['/storage', 0o755, AID.root, AID.root],
  ['/sys', 0o755, AID.root, AID.root],
  ['/sys/devices/system/cpu', 0o755, AID.root, AID.root],
  ['/system', 0o755, AID.root, AID.root],
  ['/system/bin', 0o751, AID.root, AID.shell],
];

/** The CPUs a Pixel 7 lists (Tensor G2: 8 cores), as `ls /sys/devices/system/cpu` shows them. */
const CPU_COUNT = 8;

// An ELF magic so `cat`/`file`-style probes see a binary rather than a script.
const ELF_STUB = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);

const underStorage = (path: string) => /^\/(sdcard|storage)(\/|$)/.test(path);

export function createAndroidFileSystem(
  options: { binaries?: readonly string[]; now?: () => number } = {},
): MemoryFileSystem {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  // `/` and /system are the read-only system partition; /data, shared storage and /dev are their own mounts.
  const fs = new MemoryFileSystem({
    now,
    readWrite: ['/data', '/sdcard', '/storage', '/dev'],
    owner: (path) =>
      underStorage(path) ? { uid: AID.root, gid: AID.sdcard_rw, dirBits: 0o770, fileBits: 0o660 } : null,
  });
  const t = now();
  const seed = (path: string, uid: number, gid: number) => fs.chown(path, uid, gid);
  for (const [path, mode, uid, gid] of DIRECTORIES) {
    fs.mkdir(path, mode, t);
    seed(path, uid, gid);
  }
  for (const name of options.binaries ?? DEFAULT_SYSTEM_BINARIES) {
    fs.write(`/system/bin/${name}`, ELF_STUB, S_IFREG | 0o755, t);
    seed(`/system/bin/${name}`, AID.root, AID.shell);
  }
  const range = `0-${CPU_COUNT - 1}\n`;
  for (let i = 0; i < CPU_COUNT; i++) fs.mkdir(`/sys/devices/system/cpu/cpu${i}`, 0o755, t);
  for (const dir of ['cpufreq', 'cpuidle']) fs.mkdir(`/sys/devices/system/cpu/${dir}`, 0o755, t);
  for (const file of ['online', 'possible', 'present'])
    fs.write(`/sys/devices/system/cpu/${file}`, Buffer.from(range), 0o444, t);
  fs.write('/sys/devices/system/cpu/kernel_max', Buffer.from('7\n'), 0o444, t);
  return fs.mountReadOnly(['/', '/system', '/sys']);
}
