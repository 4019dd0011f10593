// logcat's command line as the simulation understands it: -d, -c, -v FORMAT, --pid=PID / --pid PID, -t N|TIME,
// -T N|TIME, -s, filterspecs TAG:LEVEL (`*:W`). TIME is `MM-DD HH:MM:SS.mmm` (this year) or `SECONDS.mmm`
// (epoch), as logcat accepts. Anything else is Android's "unknown option" error.
import type { LogFormat, LogQuery } from './logcat';

export type LogcatArgs = { ok: true; clear: boolean; dump: boolean; query: LogQuery } | { ok: false; message: string };

const FORMATS: ReadonlySet<string> = new Set(['threadtime', 'epoch', 'brief', 'time']);
const FILTERSPEC = /^([^:\s]+|\*):([VDIWEFS])$/;

function parseTime(v: string, year: number): number | null {
  const epoch = /^(\d+)(?:\.(\d{1,3}))?$/.exec(v);
  if (epoch && v.includes('.')) return Number(epoch[1]) * 1000 + Number((epoch[2] ?? '0').padEnd(3, '0'));
  const t = /^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{3}))?$/.exec(v);
  return t ? Date.UTC(year, Number(t[1]) - 1, Number(t[2]), Number(t[3]), Number(t[4]), Number(t[5]), Number(t[6] ?? 0)) : null;
}

export function parseLogcatArgs(argv: readonly string[], year: number): LogcatArgs {
  const query: LogQuery = { format: 'threadtime', pid: null, tail: null, sinceMs: null, filters: new Map() };
  let clear = false;
  let dump = false;
  let silent = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => argv[++i];
    if (a === '-d') dump = true;
    else if (a === '-c') clear = true;
    else if (a === '-s') silent = true;
    else if (a === '-v') {
      const f = value();
      if (!f || !FORMATS.has(f)) return { ok: false, message: `Unknown format '${f ?? ''}'` };
      query.format = f as LogFormat;
    } else if (a === '--pid' || a.startsWith('--pid=')) {
      const v = a === '--pid' ? value() : a.slice(6);
      if (!v || !/^\d+$/.test(v)) return { ok: false, message: `--pid value '${v ?? ''}' is not a number` };
      query.pid = Number(v);
    } else if (a === '-t' || a === '-T') {
      const v = value();
      if (!v) return { ok: false, message: `option requires an argument -- '${a.slice(1)}'` };
      if (a === '-t') dump = true; // -t implies -d
      if (/^\d+$/.test(v)) query.tail = Number(v);
      else {
        const since = parseTime(v, year);
        if (since === null) return { ok: false, message: `-${a.slice(1)} "${v}" not in time format` };
        query.sinceMs = since;
      }
    } else if (FILTERSPEC.test(a)) {
      const [, tag, lvl] = FILTERSPEC.exec(a)!;
      query.filters.set(tag!, lvl as 'V');
    } else return { ok: false, message: `unknown option -- '${a.replace(/^-+/, '')}'` };
  }
  if (silent && !query.filters.has('*')) query.filters.set('*', 'S');
  return { ok: true, clear, dump, query };
}
