// toybox's system tools with their Android 14 output: date [-u] [+FORMAT] (setting it is root's), uname
// [-asnrvmo], whoami, id, hostname, uptime, nproc, free [-bkmgh], df [-h], top [-b] [-n N] [-d SECS] [-m N].
// The figures come from the same places /proc shows (proc-fs.ts): the device's clock, its processes, 8 CPUs.
import { userName } from '../../process-list';
import { KERNEL_RELEASE, KERNEL_VERSION } from '../../proc-fs';
import type { Command, CommandContext } from '../context';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (n: number, w = 2, c = '0') => String(n).padStart(w, c);

/** strftime in UTC (persist.sys.timezone), the conversions toybox date passes through. */
export function strftime(format: string, ms: number): string {
  const d = new Date(ms);
  const [Y, m, day, H, M, S] = [
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
  const yday = Math.floor((Date.UTC(Y, m, day) - Date.UTC(Y, 0, 1)) / 86_400_000) + 1;
  const conv: Record<string, () => string> = {
    a: () => DAYS[d.getUTCDay()]!.slice(0, 3),
    A: () => DAYS[d.getUTCDay()]!,
    b: () => MONTHS[m]!.slice(0, 3),
    h: () => MONTHS[m]!.slice(0, 3),
    B: () => MONTHS[m]!,
    c: () => strftime('%a %b %e %H:%M:%S %Y', ms),
    C: () => pad(Math.floor(Y / 100)),
    d: () => pad(day),
    D: () => strftime('%m/%d/%y', ms),
    e: () => pad(day, 2, ' '),
    F: () => `${Y}-${pad(m + 1)}-${pad(day)}`,
    H: () => pad(H),
    I: () => pad(((H + 11) % 12) + 1),
    j: () => pad(yday, 3),
    k: () => pad(H, 2, ' '),
    l: () => pad(((H + 11) % 12) + 1, 2, ' '),
    m: () => pad(m + 1),
    M: () => pad(M),
    n: () => '\n',
    N: () => pad((ms % 1000) * 1_000_000, 9),
    p: () => (H < 12 ? 'AM' : 'PM'),
    P: () => (H < 12 ? 'am' : 'pm'),
    r: () => strftime('%I:%M:%S %p', ms),
    R: () => strftime('%H:%M', ms),
    s: () => String(Math.floor(ms / 1000)),
    S: () => pad(S),
    t: () => '\t',
    T: () => strftime('%H:%M:%S', ms),
    u: () => String(d.getUTCDay() || 7),
    w: () => String(d.getUTCDay()),
    x: () => strftime('%m/%d/%y', ms),
    X: () => strftime('%H:%M:%S', ms),
    y: () => pad(Y % 100),
    Y: () => String(Y),
    z: () => '+0000',
    Z: () => 'UTC',
    '%': () => '%',
  };
  return format.replace(/%([a-zA-Z%])/g, (all, c: string) => conv[c]?.() ?? all);
}

export const date: Command = async ({ argv, android, out, err }) => {
  const args = argv.slice(1).filter((a) => a !== '-u');
  const format = args.find((a) => a.startsWith('+'));
  const setting = args.includes('-s') || args.some((a) => /^\d{8,12}(\.\d\d)?$/.test(a));
  if (setting) {
    // settimeofday(2) needs CAP_SYS_TIME: root may set it (nothing here lets the clock jump), the shell may not.
    if (android.credentials.uid !== 0) {
      await err('date: cannot set date: Operation not permitted\n');
      return 1;
    }
  }
  const unknown = args.find((a) => a.startsWith('-') && a !== '-s');
  if (unknown !== undefined) {
    await err(`date: Unknown option '${unknown.slice(1)}' (see "date --help")\n`);
    return 1;
  }
  await out(`${strftime(format?.slice(1) ?? '%a %b %e %H:%M:%S %Z %Y', android.clock())}\n`);
  return 0;
};

export const uname: Command = async ({ argv, android, out, err }) => {
  const fields = {
    s: 'Linux',
    n: 'localhost',
    r: KERNEL_RELEASE,
    v: KERNEL_VERSION,
    m: android.props.get('ro.product.cpu.abi') === 'x86_64' ? 'x86_64' : 'aarch64',
    o: 'Toybox',
  };
  let wanted = '';
  for (const a of argv.slice(1)) {
    if (!/^-[asnrvmpo]+$/.test(a)) {
      await err(`uname: Unknown option '${a.replace(/^-/, '')}' (see "uname --help")\n`);
      return 1;
    }
    wanted += a.slice(1);
  }
  if (wanted.includes('a')) wanted = 'snrvmo';
  const order = ['s', 'n', 'r', 'v', 'm', 'o'] as const;
  const shown = order.filter((k) => wanted.includes(k) || (k === 'm' && wanted.includes('p')));
  await out(`${(shown.length > 0 ? shown : ['s']).map((k) => fields[k as keyof typeof fields]).join(' ')}\n`);
  return 0;
};

export const whoami: Command = async ({ android, out }) => {
  await out(`${userName(android.credentials.uid)}\n`);
  return 0;
};

export const id: Command = async ({ argv, android, out }) => {
  const { uid, gids } = android.credentials;
  const groups =
    uid === 0 ? [0, 1004, 1007, 1011, 1015, 1028, 1078, 1079, 3001, 3002, 3003, 3006, 3009, 3011, 3012] : gids;
  const name = (n: number) => `${n}(${userName(n)})`;
  if (argv.includes('-u')) await out(`${argv.includes('-n') ? userName(uid) : uid}\n`);
  else if (argv.includes('-g')) await out(`${argv.includes('-n') ? userName(groups[0]!) : groups[0]}\n`);
  else
    await out(
      `uid=${name(uid)} gid=${name(groups[0]!)} groups=${groups.map(name).join(',')} context=u:r:${uid === 0 ? 'su' : 'shell'}:s0\n`,
    );
  return 0;
};

export const hostname: Command = async ({ out }) => {
  await out('localhost\n');
  return 0;
};

export const nproc: Command = async ({ out }) => {
  await out('8\n');
  return 0;
};

/** /proc's figure for a key, in kB. */
function meminfo(android: CommandContext['android'], key: string): number {
  const text = Buffer.from(android.fs.read('/proc/meminfo') ?? []).toString('utf8');
  return Number(new RegExp(`^${key.replace(/[()]/g, '\\$&')}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
}

export const uptime: Command = async ({ android, out }) => {
  const up = Math.floor((android.clock() - android.bootTimeMs) / 60_000);
  const [days, hours, minutes] = [Math.floor(up / 1440), Math.floor(up / 60) % 24, up % 60];
  const since = `${days ? `${days} day${days !== 1 ? 's' : ''}, ` : ''}${hours ? `${String(hours).padStart(2)}:${pad(minutes)}, ` : `${minutes} min, `}`;
  await out(` ${strftime('%H:%M:%S', android.clock())} up ${since} 0 users,  load average: 0.52, 0.61, 0.66\n`);
  return 0;
};

export const free: Command = async ({ argv, android, out }) => {
  const unit = argv.includes('-b')
    ? 0
    : argv.includes('-m')
      ? 2
      : argv.includes('-g')
        ? 3
        : argv.includes('-k')
          ? 1
          : 0;
  const kb = (key: string) => meminfo(android, key);
  const v = (k: number) => String(Math.floor((k * 1024) / 1024 ** unit));
  const [total, free, buffers, shared, swap, swapFree] = [
    kb('MemTotal'),
    kb('MemFree'),
    kb('Buffers'),
    kb('Shmem'),
    kb('SwapTotal'),
    kb('SwapFree'),
  ];
  await out(
    `\t\ttotal        used        free      shared     buffers\nMem:${v(total).padStart(17)}${v(total - free).padStart(12)}${v(free).padStart(12)}${v(shared).padStart(12)}${v(buffers).padStart(12)}\n` +
      `-/+ buffers/cache:${v(total - free - buffers).padStart(15)}${v(free + buffers).padStart(12)}\nSwap:${v(swap).padStart(16)}${v(swap - swapFree).padStart(12)}${v(swapFree).padStart(12)}\n`,
  );
  return 0;
};

/** The mounts `df` lists (1 KiB blocks): the system partition, the vendor one, /data and shared storage. */
const MOUNTS = [
  ['/dev/block/dm-5', 2_042_592, 2_036_288, '/'],
  ['tmpfs', 3_934_916, 1_436, '/dev'],
  ['tmpfs', 3_934_916, 0, '/mnt'],
  ['/dev/block/dm-6', 610_520, 608_644, '/vendor'],
  ['/dev/block/dm-47', 115_361_792, 14_281_664, '/data'],
  ['/dev/fuse', 115_361_792, 14_281_664, '/storage/emulated'],
] as const;

export const df: Command = async ({ argv, out }) => {
  const human = argv.includes('-h');
  const h = (k: number) => {
    if (!human) return String(k);
    const units = ['K', 'M', 'G', 'T'];
    let v = k;
    let i = 0;
    while (v >= 1024 && i < units.length - 1) {
      v /= 1024;
      i++;
    }
    return `${v < 10 ? v.toFixed(1) : Math.round(v)}${units[i]}`;
  };
  const rows = MOUNTS.map(([fs, size, used, on]) => [
    fs,
    h(size),
    h(used),
    h(size - used),
    `${Math.ceil((used * 100) / size)}%`,
    on,
  ]);
  const head = [
    'Filesystem',
    human ? 'Size' : '1K-blocks',
    'Used',
    human ? 'Avail' : 'Available',
    'Use%',
    'Mounted on',
  ];
  const w = head.map((t, i) => Math.max(t.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r: readonly (string | number)[]) =>
    r.map((c, i) => (i === 0 || i === 5 ? String(c).padEnd(i === 5 ? 0 : w[i]!) : String(c).padStart(w[i]!))).join(' ');
  await out([head, ...rows].map((r) => `${line(r)}\n`).join(''));
  return 0;
};

/** `top`: a snapshot every -d seconds (3) for -n iterations (until stopped without -n), the busiest first. */
export const top: Command = async ({ argv, android, out, err, signal }) => {
  let iterations = Infinity;
  let delay = 3;
  let max = Infinity;
  const args = argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = () => args[++i] ?? '';
    if (a === '-n') iterations = Number(value());
    else if (a === '-d') delay = Number(value());
    else if (a === '-m') max = Number(value());
    else if (a === '-b' || a === '-q' || a === '-H') continue;
    else {
      await err(`top: Unknown option '${a.replace(/^-/, '')}' (see "top --help")\n`);
      return 1;
    }
  }
  if (!(iterations >= 1) || !(delay >= 0)) {
    await err('top: bad -n or -d\n');
    return 1;
  }
  for (let n = 0; n < iterations && !signal.aborted; n++) {
    if (n > 0) await android.sleep(delay * 1000);
    if (signal.aborted) break;
    const procs = android.allProcesses();
    const mem = (k: string) => meminfo(android, k);
    const kfmt = (k: number) => `${k}K`.padStart(9);
    const rows = procs
      .map((p) => ({ p, cpu: p.packageName ? (p.pid === android.lab.pid ? 3.3 : 0.3) : 0 }))
      .sort((a, b) => b.cpu - a.cpu || a.p.pid - b.p.pid)
      .slice(0, max)
      .map(({ p, cpu }) => {
        const mb = (k: number) => (k >= 1024 * 1024 ? `${(k / 1024 / 1024).toFixed(1)}G` : `${Math.round(k / 1024)}M`);
        return (
          `${String(p.pid).padStart(5)} ${userName(p.uid).padEnd(12)} ${String(p.packageName ? 10 : 20).padStart(3)} ${String(p.packageName ? -10 : 0).padStart(3)} ` +
          `${mb(p.vsz).padStart(4)} ${mb(p.rss).padStart(4)} ${mb(Math.floor(p.rss * 0.6)).padStart(4)} S ${cpu.toFixed(1).padStart(4)} ${((p.rss * 100) / mem('MemTotal')).toFixed(1).padStart(4)} ` +
          `${'0:01.23'.padStart(9)} ${p.args ?? p.name}`
        );
      });
    await out(
      `Tasks: ${procs.length} total,   1 running, ${String(procs.length - 1).padStart(3)} sleeping,   0 stopped,   0 zombie\n` +
        `  Mem: ${kfmt(mem('MemTotal'))} total,${kfmt(mem('MemTotal') - mem('MemFree'))} used,${kfmt(mem('MemFree'))} free,${kfmt(mem('Buffers'))} buffers\n` +
        ` Swap: ${kfmt(mem('SwapTotal'))} total,${kfmt(mem('SwapTotal') - mem('SwapFree'))} used,${kfmt(mem('SwapFree'))} free,${kfmt(mem('Cached'))} cached\n` +
        '800%cpu   9%user   0%nice   5%sys 786%idle   0%iow   0%irq   0%sirq   0%host\n' +
        '  PID USER         PR  NI VIRT  RES  SHR S[%CPU] %MEM     TIME+ ARGS\n' +
        rows.map((r) => `${r}\n`).join(''),
    );
  }
  return 0;
};
