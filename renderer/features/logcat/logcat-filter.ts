// The Logcat panel's filters and buffer: level (that level and above), tag, package and text (substring,
// case-insensitive), and merging polled reads without repeating a line (-T is inclusive).
import { LOG_LEVEL_ORDER, type LogLevel } from '../../../shared/verify/logcat';
import type { LogcatEntry } from '../../../shared/verify/logcat-view';

export interface LogcatFilter {
  level: LogLevel;
  tag: string;
  pkg: string;
  text: string;
}

export const NO_FILTER: LogcatFilter = { level: 'V', tag: '', pkg: '', text: '' };

/** The panel keeps this many lines; older ones scroll out. */
export const MAX_LINES = 5000;

export function matches(e: LogcatEntry, f: LogcatFilter): boolean {
  if (LOG_LEVEL_ORDER.indexOf(e.level) < LOG_LEVEL_ORDER.indexOf(f.level)) return false;
  if (f.tag !== '' && !e.tag.toLowerCase().includes(f.tag.toLowerCase())) return false;
  if (f.pkg !== '' && !(e.package ?? '').toLowerCase().includes(f.pkg.toLowerCase())) return false;
  if (f.text !== '' && !e.message.toLowerCase().includes(f.text.toLowerCase())) return false;
  return true;
}

export const entryKey = (e: LogcatEntry) => `${e.time_ms}|${e.pid}|${e.tid}|${e.level}|${e.tag}|${e.message}`;

/** `current` followed by the lines of `read` it does not have yet, cut to MAX_LINES. */
export function merge(current: readonly LogcatEntry[], read: readonly LogcatEntry[]): LogcatEntry[] {
  const last = current[current.length - 1];
  const tail = new Set(current.filter((e) => last !== undefined && e.time_ms === last.time_ms).map(entryKey));
  const fresh = read.filter(
    (e) => last === undefined || e.time_ms > last.time_ms || (e.time_ms === last.time_ms && !tail.has(entryKey(e))),
  );
  const all = fresh.length === 0 ? [...current] : [...current, ...fresh];
  return all.length > MAX_LINES ? all.slice(all.length - MAX_LINES) : all;
}
