// The main log buffer, printed the way `logcat` prints it: threadtime (the default), `-v epoch`, `-v brief`
// and `-v time`, filtered by `--pid=`, `-t N`, `-T` and tag/level filterspecs (logcat-args.ts).

export interface LogLine {
  timeMs: number;
  pid: number;
  tid: number;
  level: 'V' | 'D' | 'I' | 'W' | 'E' | 'F';
  tag: string;
  message: string;
}

export type LogFormat = 'threadtime' | 'epoch' | 'brief' | 'time';

export interface LogQuery {
  format: LogFormat;
  pid: number | null;
  /** Last N lines (`-t N` / `-T N`). */
  tail: number | null;
  /** Lines at or after this epoch ms (`-t`/`-T` with a time). */
  sinceMs: number | null;
  /** Tag → lowest level shown; `*` for every other tag. */
  filters: Map<string, LogLine['level'] | 'S'>;
}

const LIMIT = 5000;
const ORDER = ['V', 'D', 'I', 'W', 'E', 'F', 'S'];

export class LogBuffer {
  private lines: LogLine[] = [];

  constructor(private readonly clock: () => number) {}

  add(tag: string, message: string, level: LogLine['level'] = 'I', pid = 4242, tid = pid): void {
    this.lines.push({ timeMs: this.clock(), pid, tid, level, tag, message });
    if (this.lines.length > LIMIT) this.lines.splice(0, this.lines.length - LIMIT);
  }

  clear(): void {
    this.lines = [];
  }

  format(query: LogQuery = { format: 'threadtime', pid: null, tail: null, sinceMs: null, filters: new Map() }): string {
    let shown = this.lines.filter((l) => (query.pid === null || l.pid === query.pid) && (query.sinceMs === null || l.timeMs >= query.sinceMs) && passes(l, query.filters));
    if (query.tail !== null) shown = shown.slice(Math.max(0, shown.length - query.tail));
    return shown.map((l) => formatLine(l, query.format)).join('');
  }
}

function passes(l: LogLine, filters: LogQuery['filters']): boolean {
  const min = filters.get(l.tag) ?? filters.get('*') ?? 'V';
  return ORDER.indexOf(l.level) >= ORDER.indexOf(min);
}

const p2 = (n: number) => String(n).padStart(2, '0');

function formatLine(l: LogLine, format: LogFormat): string {
  const d = new Date(l.timeMs);
  const ms = String(d.getUTCMilliseconds()).padStart(3, '0');
  const clock = `${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${ms}`;
  switch (format) {
    case 'brief':
      return `${l.level}/${l.tag.padEnd(8)}(${String(l.pid).padStart(5)}): ${l.message}\n`;
    case 'time':
      return `${clock} ${l.level}/${l.tag.padEnd(8)}(${String(l.pid).padStart(5)}): ${l.message}\n`;
    case 'epoch':
      return `${String(Math.floor(l.timeMs / 1000)).padStart(10)}.${ms} ${String(l.pid).padStart(5)} ${String(l.tid).padStart(5)} ${l.level} ${l.tag.padEnd(8)}: ${l.message}\n`;
    case 'threadtime':
      return `${clock} ${String(l.pid).padStart(5)} ${String(l.tid).padStart(5)} ${l.level} ${l.tag.padEnd(8)}: ${l.message}\n`;
  }
}
