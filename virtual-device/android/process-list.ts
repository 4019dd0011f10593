// The device's processes as the kernel lists them (ps, pidof, dumpsys activity): the fixed native daemons and
// system processes, and one process per running app, forked from zygote64. An app's pid is stable while it
// runs; force-stop ends the process and the next start is a new process with a new pid, as on Android.
import type { Lab } from '../lab/lab';
import type { PackageManager } from './package-manager';
import { OVERLAY_PACKAGE } from '../lab/view-spec';
import { FIRST_APPLICATION_UID } from './packages';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  uid: number;
  /** Kernel `comm` / cmdline: the package name for app processes, `[kthreadd]` for kernel threads. */
  name: string;
  /** Virtual size and resident set, KiB. */
  vsz: number;
  rss: number;
  wchan: string;
  /** The package an app process runs (null for native daemons). */
  packageName: string | null;
}

export const ZYGOTE_PID = 598;
/** system_server's pid (logcat's system lines carry it). */
export const SYSTEM_SERVER_PID = 1000;

type Fixed = Omit<ProcessInfo, 'uid'> & { uid: number | string };

/** Native daemons and the always-running system apps (a package name as uid: that package's uid). */
const FIXED: readonly Fixed[] = [
  { pid: 1, ppid: 0, uid: 0, name: 'init', vsz: 10_902_412, rss: 10_204, wchan: 'do_epoll_wait', packageName: null },
  { pid: 2, ppid: 0, uid: 0, name: '[kthreadd]', vsz: 0, rss: 0, wchan: 'kthreadd', packageName: null },
  {
    pid: 312,
    ppid: 1,
    uid: 1036,
    name: 'logd',
    vsz: 10_993_916,
    rss: 8_140,
    wchan: 'do_epoll_wait',
    packageName: null,
  },
  {
    pid: 351,
    ppid: 1,
    uid: 1000,
    name: 'servicemanager',
    vsz: 10_870_164,
    rss: 4_912,
    wchan: 'do_epoll_wait',
    packageName: null,
  },
  {
    pid: ZYGOTE_PID,
    ppid: 1,
    uid: 0,
    name: 'zygote64',
    vsz: 14_683_924,
    rss: 98_356,
    wchan: 'do_sys_poll',
    packageName: null,
  },
  {
    pid: 623,
    ppid: 1,
    uid: 1000,
    name: '/system/bin/surfaceflinger',
    vsz: 11_482_236,
    rss: 31_580,
    wchan: 'do_epoll_wait',
    packageName: null,
  },
  {
    pid: 688,
    ppid: 1,
    uid: 2000,
    name: 'adbd',
    vsz: 10_984_276,
    rss: 6_716,
    wchan: 'do_epoll_wait',
    packageName: null,
  },
  {
    pid: SYSTEM_SERVER_PID,
    ppid: ZYGOTE_PID,
    uid: 1000,
    name: 'system_server',
    vsz: 19_347_820,
    rss: 287_932,
    wchan: 'do_epoll_wait',
    packageName: null,
  },
  {
    pid: 1523,
    ppid: ZYGOTE_PID,
    uid: 'com.android.systemui',
    name: 'com.android.systemui',
    vsz: 17_162_344,
    rss: 201_448,
    wchan: 'do_epoll_wait',
    packageName: 'com.android.systemui',
  },
  {
    pid: 1789,
    ppid: ZYGOTE_PID,
    uid: 'com.android.launcher3',
    name: 'com.android.launcher3',
    vsz: 16_204_108,
    rss: 172_020,
    wchan: 'do_epoll_wait',
    packageName: 'com.android.launcher3',
  },
];

/** Installed apps' first pid; each new app process is a little further on, like the kernel's pid counter. */
const FIRST_APP_PID = 5107;
const PID_STEP = 29;

/** AID names (android_filesystem_config.h) of the ids the device's files and processes carry. */
const AID_NAMES: Readonly<Record<number, string>> = {
  0: 'root',
  1000: 'system',
  1004: 'input',
  1007: 'log',
  1011: 'adb',
  1015: 'sdcard_rw',
  1023: 'media_rw',
  1028: 'sdcard_r',
  1036: 'logd',
  1078: 'ext_data_rw',
  1079: 'ext_obb_rw',
  2000: 'shell',
  3001: 'net_bt_admin',
  3002: 'net_bt',
  3003: 'inet',
  3006: 'net_bw_stats',
  3009: 'readproc',
  3011: 'uhid',
  3012: 'readtracefs',
  9997: 'everybody',
};

/** ps's USER column, ls -l's owner and group: AID names below the first app uid, u0_aN above. */
export function userName(uid: number): string {
  return uid >= FIRST_APPLICATION_UID ? `u0_a${uid - FIRST_APPLICATION_UID}` : (AID_NAMES[uid] ?? String(uid));
}

/** The id of a user or group name (`chown shell:shell`, `ps -u shell`), null when unknown. */
export function idOfName(name: string): number | null {
  if (/^\d+$/.test(name)) return Number(name);
  const app = /^u0_a(\d+)$/.exec(name);
  if (app) return FIRST_APPLICATION_UID + Number(app[1]);
  const found = Object.entries(AID_NAMES).find(([, n]) => n === name);
  return found ? Number(found[0]) : null;
}

export class ProcessList {
  private readonly appPids = new Map<string, number>();
  private nextPid = FIRST_APP_PID;

  constructor(
    private readonly lab: Lab,
    private readonly packages: PackageManager,
  ) {
    // Every start or stop is a visible change: seeing each one keeps a stop-then-start from reusing the pid.
    lab.onChange(() => this.observe());
  }

  /** All processes, by pid. */
  list(): ProcessInfo[] {
    const uidOf = (pkg: string) => this.packages.get(pkg)?.uid ?? FIRST_APPLICATION_UID;
    const all: ProcessInfo[] = FIXED.map((p) => ({ ...p, uid: typeof p.uid === 'string' ? uidOf(p.uid) : p.uid }));
    const app = (pkg: string, pid: number, rss: number): ProcessInfo => ({
      pid,
      ppid: ZYGOTE_PID,
      uid: uidOf(pkg),
      name: pkg,
      vsz: 15_012_188,
      rss,
      wchan: 'do_epoll_wait',
      packageName: pkg,
    });
    if (this.lab.pid !== null) all.push(app(this.lab.packageName, this.lab.pid, 128_764));
    for (const [pkg, pid] of this.runningApps()) all.push(app(pkg, pid, 96_212));
    return all.sort((a, b) => a.pid - b.pid);
  }

  /** The pids of processes named `name` (a package or a daemon), ascending. */
  pidsOf(name: string): number[] {
    return this.list()
      .filter((p) => p.name === name || p.name.endsWith(`/${name}`))
      .map((p) => p.pid);
  }

  /** The process of a package, null when it does not run. */
  processOf(packageName: string): ProcessInfo | null {
    return this.list().find((p) => p.packageName === packageName) ?? null;
  }

  /**
   * Apps' processes besides the lab's: the app whose task runs and the overlay app while its service shows its
   * window. A running app keeps its pid; one that stopped loses it, so its next start forks a new process.
   */
  private runningApps(): Map<string, number> {
    this.observe();
    return this.appPids;
  }

  /** Records which apps run now. */
  private observe(): void {
    const running = new Set<string>();
    const task = this.lab.appTask?.packageName;
    if (task !== undefined) running.add(task);
    if (this.lab.overlayVisible) running.add(OVERLAY_PACKAGE);
    for (const pkg of [...this.appPids.keys()]) if (!running.has(pkg)) this.appPids.delete(pkg);
    for (const pkg of running) {
      if (this.appPids.has(pkg)) continue;
      this.appPids.set(pkg, this.nextPid);
      this.nextPid += PID_STEP;
    }
  }
}
