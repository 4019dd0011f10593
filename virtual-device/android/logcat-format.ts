// One log line as liblog's android_log_formatLogLine prints it (AOSP system/logging/liblog/logprint.cpp): the
// verbs brief, long, process, raw, tag, thread, threadtime (the default) and time, with the modifiers year,
// epoch, monotonic, usec, nsec, uid, zone, UTC, color, printable and descriptive. The device's zone is UTC.
import { userName } from './process-list';
import type { LogLevel, LogLine } from './logcat';

export const LOG_VERBS = ['brief', 'long', 'process', 'raw', 'tag', 'thread', 'threadtime', 'time'] as const;
export type LogVerb = (typeof LOG_VERBS)[number];
export const LOG_MODIFIERS = [
  'color',
  'colour',
  'descriptive',
  'epoch',
  'monotonic',
  'nsec',
  'printable',
  'uid',
  'usec',
  'UTC',
  'year',
  'zone',
] as const;
export type LogModifier = (typeof LOG_MODIFIERS)[number];

export interface LogFormat {
  verb: LogVerb;
  modifiers: ReadonlySet<LogModifier>;
}

const COLORS: Record<LogLevel, number> = { V: 39, D: 34, I: 32, W: 33, E: 31, F: 31 };
const p2 = (n: number) => String(n).padStart(2, '0');

/** The time stamp: `MM-DD HH:MM:SS.mmm` (`YYYY-` first with year), seconds with epoch or monotonic. */
function stamp(l: LogLine, f: LogFormat, bootTimeMs: number): string {
  const m = f.modifiers;
  const ns = (l.timeMs % 1000) * 1_000_000;
  const frac = m.has('nsec')
    ? `.${String(ns).padStart(9, '0')}`
    : m.has('usec')
      ? `.${String(ns / 1000).padStart(6, '0')}`
      : `.${String(l.timeMs % 1000).padStart(3, '0')}`;
  if (m.has('monotonic')) return `${String(Math.floor((l.timeMs - bootTimeMs) / 1000)).padStart(6)}${frac}`;
  if (m.has('epoch')) return `${String(Math.floor(l.timeMs / 1000)).padStart(19)}${frac}`;
  const d = new Date(l.timeMs);
  const date = `${m.has('year') ? `${d.getUTCFullYear()}-` : ''}${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`;
  return `${date} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}${frac}${m.has('zone') ? ' +0000' : ''}`;
}

/** The uid field of `-v uid`: an AID name when it has at most 5 letters, else the number, right-aligned in 5. */
function uidField(l: LogLine): string {
  const name = userName(l.uid);
  return `${(name.length <= 5 && !/^\d+$/.test(name) ? name : String(l.uid)).padStart(5)}:`;
}

/** The line(s) for one entry, each ending in \n; a multi-line message repeats the prefix on every line. */
export function formatLogLine(l: LogLine, f: LogFormat, bootTimeMs: number): string {
  const t = stamp(l, f, bootTimeMs);
  const uid = f.modifiers.has('uid') ? uidField(l) : '';
  const tag8 = l.tag.padEnd(8);
  const pid = String(l.pid).padStart(5);
  const tid = String(l.tid).padStart(5);
  let prefix = '';
  let suffix = '\n';
  switch (f.verb) {
    case 'tag':
      prefix = `${l.level}/${tag8}: `;
      break;
    case 'process':
      prefix = `${l.level}(${uid}${pid}) `;
      suffix = `  (${l.tag})\n`;
      break;
    case 'thread':
      prefix = `${l.level}(${uid}${pid}:${tid}) `;
      break;
    case 'raw':
      break;
    case 'time':
      prefix = `${t} ${l.level}/${tag8}(${uid}${pid}): `;
      break;
    case 'threadtime':
      prefix = `${t} ${uid.replace(':', ' ')}${pid} ${tid} ${l.level} ${tag8}: `;
      break;
    case 'long':
      // A header line, the whole message, a blank line.
      return wrapColor(`[ ${t} ${uid}${pid}:${tid} ${l.level}/${tag8} ]\n${l.message}\n\n`, l, f);
    case 'brief':
      prefix = `${l.level}/${tag8}(${uid}${pid}): `;
      break;
  }
  return wrapColor(
    l.message
      .split('\n')
      .map((m) => `${prefix}${m}${suffix}`)
      .join(''),
    l,
    f,
  );
}

function wrapColor(text: string, l: LogLine, f: LogFormat): string {
  if (!f.modifiers.has('color') && !f.modifiers.has('colour')) return text;
  return text
    .split('\n')
    .filter((s, i, all) => i < all.length - 1 || s !== '')
    .map((s) => `\x1b[${COLORS[l.level]}m${s}\x1b[0m\n`)
    .join('');
}
