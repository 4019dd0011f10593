// logcat's command line as Android 14's logcat.cpp takes it: -d, -c, -g, -D, -s, -b BUFFER[,…] (main system radio
// events crash kernel stats security, default, all), -v FORMAT[,…] (verbs and modifiers, logcat-format.ts),
// -t/-T N|TIME (TIME `MM-DD hh:mm:ss.mmm`, `YYYY-MM-DD hh:mm:ss.mmm` or `sssss.mmm`), -m N, -e REGEX, -f FILE,
// --pid=PID, --uid=UIDS, and FILTERSPECs `TAG[:PRI]` (`*` alone is `*:D`, a tag alone `TAG:V`). When none is
// given, ANDROID_LOG_TAGS supplies them. Errors are logcat's own wording.
import { LOG_BUFFERS, type LogBufferId, type LogLevel } from './logcat';
import { LOG_MODIFIERS, LOG_VERBS, type LogFormat, type LogModifier, type LogVerb } from './logcat-format';

export type Priority = LogLevel | 'S';

export interface LogQuery {
  buffers: Set<LogBufferId>;
  format: LogFormat;
  pid: number | null;
  uids: Set<number> | null;
  /** Last N lines (`-t N` / `-T N`). */
  tail: number | null;
  /** Lines at or after this epoch ms (`-t`/`-T` with a time). */
  sinceMs: number | null;
  /** The global priority (`*:P`, `-s`) and the per-tag ones, the last given first. */
  globalPriority: Priority;
  filters: Array<{ tag: string; priority: Priority }>;
  regex: RegExp | null;
  maxCount: number | null;
  dividers: boolean;
}

export type LogcatArgs =
  | {
      ok: true;
      clear: boolean;
      dump: boolean;
      sizes: boolean;
      file: string | null;
      query: LogQuery;
      securityNamed: boolean;
    }
  | { ok: false; message: string };

const PRIORITIES: Readonly<Record<string, Priority>> = { v: 'V', d: 'D', i: 'I', w: 'W', e: 'E', f: 'F', s: 'S' };
const DELIMITERS = /[,:; \t\n\r\f]+/;
/** Without -b: main, system, crash and (userdebug) kernel. */
const DEFAULT_BUFFERS: readonly LogBufferId[] = ['main', 'system', 'crash', 'kernel'];

function parseTime(v: string, year: number): number | null {
  const epoch = /^(\d+)\.(\d{1,9})$/.exec(v);
  if (epoch) return Number(epoch[1]) * 1000 + Number(epoch[2]!.padEnd(3, '0').slice(0, 3));
  const t = /^(?:(\d{4})-)?(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{1,9})$/.exec(v);
  if (!t) return null;
  return Date.UTC(
    t[1] ? Number(t[1]) : year,
    Number(t[2]) - 1,
    Number(t[3]),
    Number(t[4]),
    Number(t[5]),
    Number(t[6]),
    Number(t[7]!.padEnd(3, '0').slice(0, 3)),
  );
}

/** android_log_addFilterString: whitespace- or comma-separated `TAG[:PRI]` rules; false when one is bad. */
function addFilters(query: LogQuery, text: string): boolean {
  for (const rule of text.split(/[ \t,]+/).filter(Boolean)) {
    const colon = rule.indexOf(':');
    const tag = colon < 0 ? rule : rule.slice(0, colon);
    if (tag === '') return false;
    // filterCharToPri: a letter, a digit (2-7 the levels, 8-9 verbose, 1 and `*` the default), else invalid.
    let priority: Priority | null = null;
    if (colon >= 0) {
      const c = (rule[colon + 1] ?? '').toLowerCase();
      const digits: Record<string, Priority | null> = {
        1: null,
        2: 'V',
        3: 'D',
        4: 'I',
        5: 'W',
        6: 'E',
        7: 'F',
        8: 'V',
        9: 'V',
      };
      if (c === '*' || c in digits) priority = c === '*' ? null : digits[c]!;
      else if (c in PRIORITIES) priority = PRIORITIES[c]!;
      else return false;
    }
    if (tag === '*') query.globalPriority = priority ?? 'D';
    else query.filters.unshift({ tag, priority: priority ?? 'V' });
  }
  return true;
}

export function parseLogcatArgs(
  argv: readonly string[],
  year: number,
  env: Readonly<Record<string, string>> = {},
): LogcatArgs {
  const query: LogQuery = {
    buffers: new Set(),
    format: { verb: 'threadtime', modifiers: new Set() },
    pid: null,
    uids: null,
    tail: null,
    sinceMs: null,
    globalPriority: 'V',
    filters: [],
    regex: null,
    maxCount: null,
    dividers: false,
  };
  const fail = (message: string): LogcatArgs => ({ ok: false, message });
  let clear = false;
  let dump = false;
  let sizes = false;
  let file: string | null = null;
  let securityNamed = false;
  let verb: LogVerb | null = null;
  const modifiers = new Set<LogModifier>();
  const specs: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const [long, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const value = (): string | undefined => inline ?? (a.length > 2 && !a.startsWith('--') ? a.slice(2) : argv[++i]);
    const flag = long.startsWith('--') ? long : long.slice(0, 2);
    if (!a.startsWith('-') || a === '-') {
      specs.push(a);
      continue;
    }
    if (!long.startsWith('--') && a.length > 2 && /^-[cdDsSgB]+$/.test(a)) {
      // Bundled flags (`-dv` is not one: -v takes a value).
      for (const c of a.slice(1)) {
        if (c === 'c') clear = true;
        else if (c === 'd') dump = true;
        else if (c === 'D') query.dividers = true;
        else if (c === 's') query.globalPriority = 'S';
        else if (c === 'g') sizes = true;
      }
      continue;
    }
    switch (flag) {
      case '-c':
      case '--clear':
        clear = true;
        break;
      case '-d':
        dump = true;
        break;
      case '-D':
      case '--dividers':
        query.dividers = true;
        break;
      case '-s':
        query.globalPriority = 'S';
        break;
      case '-g':
      case '--buffer-size':
        sizes = true;
        break;
      case '-b':
      case '--buffer': {
        const v = value();
        if (v === undefined) return fail(`Option '${a}' needs an argument.`);
        for (const b of v.split(DELIMITERS).filter(Boolean)) {
          if (b === 'default') ['main', 'system', 'crash'].forEach((x) => query.buffers.add(x as LogBufferId));
          else if (b === 'all') LOG_BUFFERS.forEach((x) => query.buffers.add(x));
          else if ((LOG_BUFFERS as readonly string[]).includes(b)) {
            query.buffers.add(b as LogBufferId);
            securityNamed ||= b === 'security';
          } else return fail(`Unknown -b buffer '${b}'.`);
        }
        break;
      }
      case '-v':
      case '--format': {
        const v = value();
        if (v === undefined) return fail(`Option '${a}' needs an argument.`);
        for (const f of v.split(DELIMITERS).filter(Boolean)) {
          if ((LOG_VERBS as readonly string[]).includes(f)) verb = f as LogVerb;
          else if ((LOG_MODIFIERS as readonly string[]).includes(f)) modifiers.add(f as LogModifier);
          else return fail(`Invalid -v '${f}'.`);
        }
        break;
      }
      case '-t':
      case '-T':
      case '--tail': {
        const v = value();
        if (v === undefined) return fail(`Option '${a}' needs an argument.`);
        if (flag !== '-T') dump = true;
        if (/^\d+$/.test(v)) query.tail = Math.max(1, Number(v));
        else {
          const since = parseTime(v, year);
          if (since === null) return fail(`-${flag === '-T' ? 'T' : 't'} '${v}' not in time format.`);
          query.sinceMs = since;
        }
        break;
      }
      case '-m':
      case '--max-count': {
        const v = value() ?? '';
        if (!/^\d+$/.test(v) || Number(v) < 1) return fail(`-m '${v}' isn't an integer greater than zero.`);
        query.maxCount = Number(v);
        break;
      }
      case '-e':
      case '--regex': {
        const v = value();
        if (v === undefined) return fail(`Option '${a}' needs an argument.`);
        query.regex = new RegExp(v);
        break;
      }
      case '-f':
      case '--file': {
        const v = value();
        if (v === undefined) return fail(`Option '${a}' needs an argument.`);
        file = v;
        break;
      }
      case '--pid': {
        const v = value() ?? '';
        if (!/^\d+$/.test(v) || Number(v) < 1) return fail(`pid '${v}' out of range.`);
        query.pid = Number(v);
        break;
      }
      case '--uid': {
        const v = value() ?? '';
        query.uids = new Set();
        for (const u of v.split(DELIMITERS).filter(Boolean)) {
          if (!/^\d+$/.test(u)) return fail(`Unable to parse UID '${u}'`);
          query.uids.add(Number(u));
        }
        break;
      }
      default:
        return fail(`Unknown option '${a}'.`);
    }
  }
  if (query.buffers.size === 0) DEFAULT_BUFFERS.forEach((b) => query.buffers.add(b));
  query.format = { verb: verb ?? 'threadtime', modifiers };
  if (specs.length > 0) {
    for (const s of specs) if (!addFilters(query, s)) return fail(`Invalid filter expression '${s}'.`);
  } else if (env.ANDROID_LOG_TAGS !== undefined && !addFilters(query, env.ANDROID_LOG_TAGS)) {
    return fail(`Invalid filter expression '${env.ANDROID_LOG_TAGS}' in ANDROID_LOG_TAGS.`);
  }
  return { ok: true, clear, dump, sizes, file, query, securityNamed };
}

/** android_log_shouldPrintLine: the tag's own priority (the last rule for it), else the global one. */
export function passesFilters(query: LogQuery, tag: string, level: LogLevel): boolean {
  const order = ['V', 'D', 'I', 'W', 'E', 'F', 'S'];
  const min = query.filters.find((f) => f.tag === tag)?.priority ?? query.globalPriority;
  return order.indexOf(level) >= order.indexOf(min);
}
