// toybox pidof and ps over the device's process table. pidof NAME…: the pids, space separated (exit 1 when
// none runs; -s one only). ps: -A/-e all processes, -o FIELD,… (repeatable; FIELD=TITLE renames), -p PID,…,
// -P PPID,…, -u USER,…; columns padded to toybox's widths (Android's USER is 12 wide). Processes the shell
// user started and that run on by themselves (the helper's app_process, android.processes) are listed too,
// with their whole argv as ARGS, so a host can find a stale helper as on a phone.
import type { SimulatedAndroid } from '../../device';
import { userName, type ProcessInfo } from '../../process-list';
import type { Command } from '../context';

type Row = ProcessInfo & { args?: string };

const allProcesses = (android: SimulatedAndroid): Row[] => android.allProcesses();

/** toybox's field table: width (negative: left-aligned) and the value. */
const FIELDS: Record<string, { width: number; value: (p: Row) => string }> = {
  USER: { width: -12, value: (p) => userName(p.uid) },
  UID: { width: 5, value: (p) => String(p.uid) },
  PID: { width: 5, value: (p) => String(p.pid) },
  PPID: { width: 5, value: (p) => String(p.ppid) },
  VSZ: { width: 7, value: (p) => String(p.vsz) },
  RSS: { width: 6, value: (p) => String(p.rss) },
  WCHAN: { width: -16, value: (p) => p.wchan },
  // Android's kernels hide code addresses from ps (kptr_restrict): ADDR reads 0.
  ADDR: { width: 4, value: () => '0' },
  S: { width: -1, value: () => 'S' },
  NAME: { width: -27, value: (p) => p.name.replace(/^.*\/(?=[^/]+$)/, '') },
  ARGS: { width: -27, value: (p) => p.args ?? p.name },
  CMDLINE: { width: -27, value: (p) => p.args ?? p.name },
  CMD: {
    width: -27,
    value: (p) =>
      p.name
        .replace(/^\[|\]$/g, '')
        .replace(/^.*\//, '')
        .slice(0, 15),
  },
  COMM: {
    width: -15,
    value: (p) =>
      p.name
        .replace(/^\[|\]$/g, '')
        .replace(/^.*\//, '')
        .slice(0, 15),
  },
  TTY: { width: -8, value: () => '?' },
  PRI: { width: 3, value: () => '19' },
  NI: { width: 3, value: () => '0' },
  TIME: { width: 8, value: () => '00:00:01' },
};
const DEFAULT = ['USER', 'PID', 'PPID', 'VSZ', 'RSS', 'WCHAN', 'ADDR', 'S', 'NAME'];

/**
 * One row as toybox prints it: each cell padded to its width, one space between cells, and a cell wider than its
 * column (an 8-digit VSZ) takes its overflow back from the padding of the cells after it.
 */
function row(cells: readonly string[], widths: readonly number[]): string {
  let debt = 0;
  return cells
    .map((text, i) => {
      const width = Math.abs(widths[i]!);
      const last = i === cells.length - 1;
      const take = Math.min(debt, Math.max(0, width - text.length));
      debt += Math.max(0, text.length - width) - take;
      if (widths[i]! < 0) return last ? text : text.padEnd(width - take);
      return text.padStart(width - take);
    })
    .join(' ');
}

export const ps: Command = async ({ argv, android, out, err }) => {
  const columns: Array<{ field: string; title: string }> = [];
  const select: { pid: string[]; ppid: string[]; user: string[] } = { pid: [], ppid: [], user: [] };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-A' || a === '-e' || a === '-a' || a === '-d' || a === '-w' || a === '-ww') continue;
    const list = () => (argv[++i] ?? '').split(',').filter(Boolean);
    if (a === '-o' || a === '-O') {
      for (const spec of list()) {
        const [name, title] = spec.split('=') as [string, string | undefined];
        if (!FIELDS[name.toUpperCase()]) {
          await err(`ps: bad -o ${name}\n`);
          return 1;
        }
        columns.push({ field: name.toUpperCase(), title: title ?? name.toUpperCase() });
      }
    } else if (a === '-p' || a === '--pid') select.pid.push(...list());
    else if (a === '-P' || a === '--ppid') select.ppid.push(...list());
    else if (a === '-u' || a === '-U') select.user.push(...list());
    else {
      await err(`ps: Unknown option '${a}' (see "ps --help")\n`);
      return 1;
    }
  }
  const shown = columns.length > 0 ? columns : DEFAULT.map((f) => ({ field: f, title: f }));
  const rows = allProcesses(android).filter(
    (p) =>
      (select.pid.length === 0 || select.pid.includes(String(p.pid))) &&
      (select.ppid.length === 0 || select.ppid.includes(String(p.ppid))) &&
      (select.user.length === 0 || select.user.includes(userName(p.uid)) || select.user.includes(String(p.uid))),
  );
  const widths = shown.map((c) => FIELDS[c.field]!.width);
  const line = (cells: string[]) => row(cells, widths);
  await out(
    [line(shown.map((c) => c.title)), ...rows.map((p) => line(shown.map((c) => FIELDS[c.field]!.value(p))))].join(
      '\n',
    ) + '\n',
  );
  // Like toybox, a selection that matches nothing prints the header and fails.
  return rows.length > 0 ? 0 : 1;
};

export const pidof: Command = async ({ argv, android, out }) => {
  const single = argv.includes('-s');
  const names = argv.slice(1).filter((a) => !a.startsWith('-'));
  let pids = names.flatMap((name) => [
    ...android.processes
      .list()
      .filter((p) => p.name === name)
      .map((p) => p.pid)
      .reverse(), // newest first, as toybox
    ...android.processList.pidsOf(name).reverse(),
  ]);
  if (single) pids = pids.slice(0, 1);
  if (pids.length === 0) return 1;
  await out(`${pids.join(' ')}\n`);
  return 0;
};
