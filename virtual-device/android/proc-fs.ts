// /proc as the kernel presents it to the shell user: meminfo, cpuinfo, stat, uptime, loadavg, version and one
// directory per process (stat, status, cmdline, comm, task/TID/stat), generated from the device's state when
// read. An x86_64 device (ro.product.cpu.abi) with 8 CPUs and 8 GiB, like the emulator images it resembles.
// Android 10 removed xt_qtaguid (traffic stats live in eBPF maps), so /proc/net/xt_qtaguid is absent here too.
import type { FsCredentials, VirtualFileStat, VirtualFileSystem } from '../device-services';
import { FsError, type FsErrorCode } from '../fs/fs-error';
import type { ProcessInfo } from './process-list';

const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const CPUS = 8;
/** USER_HZ: /proc/stat counts jiffies of 10 ms. */
const HZ = 100;
const PAGE_KB = 4;

export const KERNEL_RELEASE = '6.1.23-android14-4-00257-g7e35917775b8-ab9964412';
export const KERNEL_VERSION = '#1 SMP PREEMPT Mon Apr 17 20:50:58 UTC 2023';

export interface ProcSource {
  /** Device clock (ms since the epoch) and when it booted. */
  now(): number;
  bootTimeMs(): number;
  processes(): ProcessInfo[];
}

type Entry = { dir: () => string[]; uid: number } | { file: () => string; uid: number };

const MEMINFO_KB: ReadonlyArray<readonly [string, number]> = [
  ['MemTotal', 8_125_440],
  ['MemFree', 1_204_388],
  ['MemAvailable', 4_731_012],
  ['Buffers', 10_224],
  ['Cached', 3_512_940],
  ['SwapCached', 12_160],
  ['Active', 2_401_332],
  ['Inactive', 2_602_848],
  ['Active(anon)', 1_120_844],
  ['Inactive(anon)', 640_236],
  ['Active(file)', 1_280_488],
  ['Inactive(file)', 1_962_612],
  ['Unevictable', 221_368],
  ['Mlocked', 221_368],
  ['SwapTotal', 4_194_300],
  ['SwapFree', 3_901_452],
  ['Dirty', 548],
  ['Writeback', 0],
  ['AnonPages', 1_701_880],
  ['Mapped', 1_102_572],
  ['Shmem', 60_428],
  ['KReclaimable', 201_932],
  ['Slab', 394_712],
  ['SReclaimable', 139_236],
  ['SUnreclaim', 255_476],
  ['KernelStack', 60_320],
  ['ShadowCallStack', 15_096],
  ['PageTables', 123_676],
  ['SecPageTables', 0],
  ['NFS_Unstable', 0],
  ['Bounce', 0],
  ['WritebackTmp', 0],
  ['CommitLimit', 8_257_020],
  ['Committed_AS', 132_915_236],
  ['VmallocTotal', 34_359_738_367],
  ['VmallocUsed', 146_680],
  ['VmallocChunk', 0],
  ['Percpu', 11_200],
  ['AnonHugePages', 0],
  ['ShmemHugePages', 0],
  ['ShmemPmdMapped', 0],
  ['FileHugePages', 0],
  ['FilePmdMapped', 0],
  ['CmaTotal', 0],
  ['CmaFree', 0],
];

/** fs/proc/meminfo.c: each name padded to 16 columns, the value in 8, then " kB". */
function meminfo(): string {
  return MEMINFO_KB.map(([k, v]) => `${`${k}:`.padEnd(16)}${String(v).padStart(8)} kB\n`).join('');
}

function cpuinfo(): string {
  const one = (i: number) =>
    [
      `processor\t: ${i}`,
      'vendor_id\t: GenuineIntel',
      'cpu family\t: 6',
      'model\t\t: 85',
      'model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz',
      'stepping\t: 7',
      'microcode\t: 0x1',
      'cpu MHz\t\t: 2199.998',
      'cache size\t: 39424 KB',
      `physical id\t: 0`,
      `siblings\t: ${CPUS}`,
      `core id\t\t: ${i}`,
      `cpu cores\t: ${CPUS}`,
      `apicid\t\t: ${i}`,
      `initial apicid\t: ${i}`,
      'fpu\t\t: yes',
      'fpu_exception\t: yes',
      'cpuid level\t: 13',
      'wp\t\t: yes',
      'flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology nonstop_tsc cpuid tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt aes xsave avx f16c rdrand hypervisor lahf_lm abm 3dnowprefetch fsgsbase bmi1 avx2 smep bmi2 erms invpcid rdseed adx smap clflushopt xsaveopt xsavec xgetbv1 arat',
      'bugs\t\t: spectre_v1 spectre_v2 spec_store_bypass swapgs',
      'bogomips\t: 4399.99',
      'clflush size\t: 64',
      'cache_alignment\t: 64',
      'address sizes\t: 46 bits physical, 48 bits virtual',
      'power management:',
      '',
    ].join('\n');
  return `${Array.from({ length: CPUS }, (_, i) => one(i)).join('\n')}\n`;
}

/** Jiffies per state since boot: mostly idle, as a phone at rest is. */
function cpuTimes(uptimeS: number, share: number): number[] {
  const j = Math.floor(uptimeS * HZ * share);
  return [
    Math.floor(j * 0.09),
    Math.floor(j * 0.004),
    Math.floor(j * 0.05),
    Math.floor(j * 0.84),
    Math.floor(j * 0.006),
    0,
    Math.floor(j * 0.002),
    0,
    0,
    0,
  ];
}

function stat(src: ProcSource): string {
  const up = (src.now() - src.bootTimeMs()) / 1000;
  const lines = [`cpu  ${cpuTimes(up, CPUS).join(' ')}`];
  for (let i = 0; i < CPUS; i++) lines.push(`cpu${i} ${cpuTimes(up, 1).join(' ')}`);
  const procs = src.processes();
  lines.push(
    `intr ${Math.floor(up * 2400)} 0 0 0`,
    `ctxt ${Math.floor(up * 5200)}`,
    `btime ${Math.floor(src.bootTimeMs() / 1000)}`,
    `processes ${(procs.at(-1)?.pid ?? 1) + 1}`,
    'procs_running 2',
    'procs_blocked 0',
    `softirq ${Math.floor(up * 900)} 0 0 0 0 0 0 0 0 0 0`,
  );
  return `${lines.join('\n')}\n`;
}

/** The kernel's comm: 15 bytes; Android names app processes by their package's last 15 characters. */
const comm = (p: ProcessInfo) =>
  (p.name.startsWith('[') ? p.name.slice(1, -1) : (p.name.split('/').pop() ?? p.name)).slice(-15);
const threadsOf = (p: ProcessInfo) => (p.packageName ? [p.pid, p.pid + 6, p.pid + 7, p.pid + 9] : [p.pid]);

/** /proc/PID/stat's 52 fields (fs/proc/array.c do_task_stat); utime/stime grow with the process's age. */
function pidStat(src: ProcSource, p: ProcessInfo, tid: number): string {
  const up = (src.now() - src.bootTimeMs()) / 1000;
  const cpu = Math.floor(up * HZ * (p.packageName ? 0.004 : 0.001));
  const f = [
    tid,
    `(${comm(p)})`,
    'S',
    p.ppid,
    p.pid,
    0,
    0,
    -1,
    4_194_624,
    80_311,
    0,
    1_203,
    0,
    Math.floor(cpu * 0.7),
    Math.floor(cpu * 0.3),
    0,
    0,
    p.packageName ? 10 : 20,
    p.packageName ? -10 : 0,
    threadsOf(p).length,
    0,
    1_000 + p.pid,
    p.vsz * 1024,
    Math.floor(p.rss / PAGE_KB),
    '18446744073709551615',
    1,
    1,
    0,
    0,
    0,
    0,
    4_612,
    1,
    1_073_775_864,
    0,
    0,
    0,
    17,
    tid % CPUS,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  return `${f.join(' ')}\n`;
}

function pidStatus(p: ProcessInfo): string {
  return [
    `Name:\t${comm(p)}`,
    'Umask:\t0077',
    'State:\tS (sleeping)',
    `Tgid:\t${p.pid}`,
    'Ngid:\t0',
    `Pid:\t${p.pid}`,
    `PPid:\t${p.ppid}`,
    'TracerPid:\t0',
    `Uid:\t${p.uid}\t${p.uid}\t${p.uid}\t${p.uid}`,
    `Gid:\t${p.uid}\t${p.uid}\t${p.uid}\t${p.uid}`,
    'FDSize:\t128',
    `VmSize:\t${String(p.vsz).padStart(8)} kB`,
    `VmRSS:\t${String(p.rss).padStart(8)} kB`,
    `Threads:\t${threadsOf(p).length}`,
    '',
  ].join('\n');
}

export class ProcFileSystem implements VirtualFileSystem {
  constructor(
    private readonly base: VirtualFileSystem,
    private readonly src: ProcSource,
  ) {}

  private entry(path: string): Entry | null {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'proc') return null;
    const procs = this.src.processes();
    const top: Record<string, () => string> = {
      meminfo,
      cpuinfo: () => cpuinfo(),
      stat: () => stat(this.src),
      uptime: () => {
        const up = (this.src.now() - this.src.bootTimeMs()) / 1000;
        return `${up.toFixed(2)} ${(up * CPUS * 0.84).toFixed(2)}\n`;
      },
      loadavg: () => `0.52 0.61 0.66 2/${procs.length * 12} ${(procs.at(-1)?.pid ?? 1) + 3}\n`,
      version: () =>
        `Linux version ${KERNEL_RELEASE} (build-user@build-host) (Android (10087095, +pgo, +bolt, +lto, -mlgo, based on r487747c) clang version 17.0.2, LLD 17.0.2) ${KERNEL_VERSION}\n`,
    };
    if (parts.length === 1)
      return { dir: () => [...procs.map((p) => String(p.pid)), ...Object.keys(top), 'self'].sort(), uid: 0 };
    const name = parts[1]!;
    if (parts.length === 2 && Object.hasOwn(top, name)) return { file: top[name]!, uid: 0 };
    const p = procs.find((q) => String(q.pid) === name);
    if (!p) return null;
    const files: Record<string, () => string> = {
      stat: () => pidStat(this.src, p, p.pid),
      status: () => pidStatus(p),
      cmdline: () => `${p.name}\0`,
      comm: () => `${comm(p)}\n`,
    };
    if (parts.length === 2) return { dir: () => [...Object.keys(files), 'task'].sort(), uid: p.uid };
    if (parts.length === 3 && Object.hasOwn(files, parts[2]!)) return { file: files[parts[2]!]!, uid: p.uid };
    if (parts[2] !== 'task') return null;
    if (parts.length === 3) return { dir: () => threadsOf(p).map(String), uid: p.uid };
    const tid = threadsOf(p).find((t) => String(t) === parts[3]);
    if (tid === undefined) return null;
    if (parts.length === 4) return { dir: () => ['comm', 'stat', 'status'], uid: p.uid };
    const task: Record<string, () => string> = {
      stat: () => pidStat(this.src, p, tid),
      status: () => pidStatus(p),
      comm: () => `${comm(p)}\n`,
    };
    return parts.length === 5 && Object.hasOwn(task, parts[4]!) ? { file: task[parts[4]!]!, uid: p.uid } : null;
  }

  private statOf(e: Entry): VirtualFileStat {
    const mtime = Math.floor(this.src.bootTimeMs() / 1000);
    // procfs reports files as size 0 (their text is made when read); directories as 0555, files as 0444.
    return 'dir' in e
      ? { mode: S_IFDIR | 0o555, size: 0, mtime, uid: e.uid, gid: e.uid }
      : { mode: S_IFREG | 0o444, size: 0, mtime, uid: e.uid, gid: e.uid };
  }

  private isProc(path: string): boolean {
    return /^\/proc(\/|$)/.test(path.replace(/\/+/g, '/'));
  }

  stat(path: string): VirtualFileStat | null {
    if (!this.isProc(path)) return this.base.stat(path);
    const e = this.entry(path);
    return e ? this.statOf(e) : null;
  }

  errorOf(path: string): FsErrorCode | null {
    if (!this.isProc(path)) return this.base.errorOf(path);
    return this.entry(path) ? null : 'ENOENT';
  }

  list(path: string): Array<{ name: string } & VirtualFileStat> | null {
    if (!this.isProc(path)) return this.base.list(path);
    const e = this.entry(path);
    if (!e || !('dir' in e)) return null;
    const dir = path.replace(/\/+$/, '');
    return e.dir().map((name) => ({ name, ...(this.stat(`${dir}/${name}`) ?? this.statOf(e)) }));
  }

  read(path: string): Uint8Array | null {
    if (!this.isProc(path)) return this.base.read(path);
    const e = this.entry(path);
    return e && 'file' in e ? Buffer.from(e.file(), 'utf8') : null;
  }

  private refuse(path: string): never {
    throw new FsError(this.entry(path) ? 'EACCES' : 'ENOENT', path);
  }

  write(path: string, data: Uint8Array, mode: number, mtime: number): void {
    if (!this.isProc(path)) return this.base.write(path, data, mode, mtime);
    this.refuse(path);
  }

  mkdir(path: string, mode: number, mtime?: number): void {
    if (!this.isProc(path)) return this.base.mkdir(path, mode, mtime);
    if (this.entry(path) && 'dir' in this.entry(path)!) return;
    this.refuse(path);
  }

  remove(path: string): boolean {
    if (!this.isProc(path)) return this.base.remove(path);
    return this.refuse(path);
  }

  chmod(path: string, mode: number): void {
    if (!this.isProc(path)) return this.base.chmod(path, mode);
    throw new FsError(this.entry(path) ? 'EPERM' : 'ENOENT', path);
  }

  touch(path: string, mtime: number): void {
    if (!this.isProc(path)) return this.base.touch(path, mtime);
    this.refuse(path);
  }

  chown(path: string, uid: number, gid: number): void {
    if (!this.isProc(path)) return this.base.chown(path, uid, gid);
    throw new FsError(this.entry(path) ? 'EPERM' : 'ENOENT', path);
  }

  setCredentials(get: () => FsCredentials): void {
    this.base.setCredentials(get);
  }

  privileged<T>(fn: () => T): T {
    return this.base.privileged(fn);
  }

  remount(writable: boolean): void {
    this.base.remount(writable);
  }
}
