// logcat lines (threadtime and `-v epoch`) → structured entries, for get_logs, the log streams and the
// Logcat panel. A line that is neither (a `--------- beginning of main` divider, a wrapped message) is kept
// as a continuation of the previous entry or dropped when there is none.
export const LOG_LEVEL_ORDER = ['V', 'D', 'I', 'W', 'E', 'F'] as const;
export type LogLevel = (typeof LOG_LEVEL_ORDER)[number];

export interface LogEntry {
  /** Epoch ms (threadtime carries no year: the caller's year is assumed). */
  time_ms: number;
  pid: number;
  tid: number;
  level: LogLevel;
  tag: string;
  message: string;
}

const THREADTIME = /^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{3})\s+(\d+)\s+(\d+) ([VDIWEFA]) (.*?)\s*: (.*)$/;
const EPOCH = /^\s*(\d+)\.(\d{3})\s+(\d+)\s+(\d+) ([VDIWEFA]) (.*?)\s*: (.*)$/;

const level = (c: string): LogLevel => (c === 'A' ? 'F' : (c as LogLevel));

export function parseLogLine(line: string, year: number): LogEntry | null {
  const e = EPOCH.exec(line);
  if (e)
    return {
      time_ms: Number(e[1]) * 1000 + Number(e[2]),
      pid: Number(e[3]),
      tid: Number(e[4]),
      level: level(e[5]!),
      tag: e[6]!,
      message: e[7]!,
    };
  const t = THREADTIME.exec(line);
  if (!t) return null;
  const time_ms = Date.UTC(
    year,
    Number(t[1]) - 1,
    Number(t[2]),
    Number(t[3]),
    Number(t[4]),
    Number(t[5]),
    Number(t[6]),
  );
  return { time_ms, pid: Number(t[7]), tid: Number(t[8]), level: level(t[9]!), tag: t[10]!, message: t[11]! };
}

export function parseLogcat(text: string, year: number): LogEntry[] {
  const out: LogEntry[] = [];
  // A pty (`adb shell` without shell_v2) ends lines with \r\n.
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('--------- ')) continue;
    const e = parseLogLine(line, year);
    if (e) out.push(e);
    else if (out.length > 0) out[out.length - 1]!.message += `\n${line}`;
  }
  return out;
}

export function atLeast(entry: LogEntry, min: LogLevel): boolean {
  return LOG_LEVEL_ORDER.indexOf(entry.level) >= LOG_LEVEL_ORDER.indexOf(min);
}
