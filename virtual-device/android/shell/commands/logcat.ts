// `logcat`: prints the selected buffers' lines (a `--------- beginning of BUFFER` divider before a buffer's
// first), then, unless dumping (-d, -t), goes on printing each new line until the reader goes away (the adb
// stream closes, `kill`) or -m lines were printed. -c clears, -g prints the ring sizes, -f writes to a file.
import { LOG_BUFFERS, RING_BYTES, type LogBufferId, type LogLevel, type LogLine } from '../../logcat';
import { formatLogLine } from '../../logcat-format';
import { parseLogcatArgs, passesFilters, type LogQuery } from '../../logcat-args';
import type { Command } from '../context';

/** liblog's LOGGER_ENTRY_MAX_LEN and LOGGER_ENTRY_MAX_PAYLOAD. */
const MAX_ENTRY = 5120;
const MAX_PAYLOAD = 4068;

function matches(q: LogQuery, l: LogLine): boolean {
  return (
    q.buffers.has(l.buffer) &&
    (q.pid === null || l.pid === q.pid) &&
    (q.uids === null || q.uids.has(l.uid)) &&
    (q.sinceMs === null || l.timeMs >= q.sinceMs) &&
    passesFilters(q, l.tag, l.level) &&
    (q.regex === null || q.regex.test(l.message))
  );
}

/** format_of_size: `256 Ki`, `12 Ki`, `812 `. */
function size(bytes: number): string {
  const units = ['', 'Ki', 'Mi', 'Gi'];
  let v = bytes;
  let i = 0;
  for (; i < units.length - 1 && v >= 1024; i++) v = Math.floor(v / 1024);
  return `${v} ${units[i]}B`;
}

export const logcat: Command = async ({ argv, env, android, out, err, signal }) => {
  const parsed = parseLogcatArgs(argv, new Date(android.clock()).getUTCFullYear(), env ?? {});
  if (!parsed.ok) {
    await err(`logcat: ${parsed.message}\n`);
    return 1;
  }
  const q = parsed.query;
  // The shell user is in the log group: it reads every buffer but security (Device Owner only), which is an
  // error only when named (`-b all` passes over it).
  if (parsed.securityNamed && android.credentials.uid !== 0) {
    await err("logcat: Unable to open log device 'security'.\n");
    return 1;
  }
  q.buffers.delete('security');
  if (parsed.clear) {
    android.logcat.clear(q.buffers);
    return 0;
  }
  if (parsed.sizes) {
    for (const b of LOG_BUFFERS.filter((x) => q.buffers.has(x))) {
      const used = android.logcat.bytes(b);
      await out(
        `${b}: ring buffer is ${size(RING_BYTES)} (${size(used)} consumed, ${size(used)} readable), max entry is ${MAX_ENTRY} B, max payload is ${MAX_PAYLOAD} B\n`,
      );
    }
    return 0;
  }
  const write = parsed.file === null ? out : fileWriter(parsed.file, android);
  let printed = 0;
  const seen = new Set<LogBufferId>();
  let last: LogBufferId | null = null;
  const print = async (lines: readonly LogLine[]) => {
    let text = '';
    for (const l of lines) {
      if (q.maxCount !== null && printed >= q.maxCount) break;
      // PrintDividers: "beginning of" the first time a buffer shows, "switch to" on later switches with -D.
      if (l.buffer !== last && (!seen.has(l.buffer) || q.dividers))
        text += `--------- ${seen.has(l.buffer) ? 'switch to' : 'beginning of'} ${l.buffer}\n`;
      seen.add(l.buffer);
      last = l.buffer;
      text += formatLogLine(l, q.format, android.bootTimeMs);
      printed++;
    }
    if (text !== '') await write(text);
  };
  let initial = android.logcat.read(q.buffers).filter((l) => matches(q, l));
  if (q.tail !== null) initial = initial.slice(Math.max(0, initial.length - q.tail));
  const done = () => signal.aborted || (q.maxCount !== null && printed >= q.maxCount);
  if (parsed.dump) {
    await print(initial);
    return 0;
  }
  // Blocking: lines written from now on arrive through the subscription, in order, after the backlog.
  const queue: LogLine[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = android.logcat.subscribe((l) => {
    if (!matches(q, l)) return;
    queue.push(l);
    wake?.();
  });
  const stopped = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    await print(initial);
    while (!done()) {
      if (queue.length === 0) await Promise.race([new Promise<void>((resolve) => (wake = resolve)), stopped]);
      wake = null;
      await print(queue.splice(0));
    }
  } catch {
    // The reader went away mid-write (the adb stream closed): logcat dies of SIGPIPE.
  } finally {
    unsubscribe();
  }
  return 0;
};

/** -f FILE: appended to, as logcat opens it with O_APPEND (created rw-r-----). */
function fileWriter(path: string, android: Parameters<Command>[0]['android']): (text: string) => Promise<void> {
  return async (text) => {
    const existing = android.fs.stat(path) ? android.fs.read(path) : null;
    android.fs.write(
      path,
      Buffer.concat([existing ?? new Uint8Array(), Buffer.from(text, 'utf8')]),
      0o640,
      Math.floor(android.clock() / 1000),
    );
  };
}

const LOG_PRIORITIES: Record<string, LogLevel | null> = { v: 'V', d: 'D', i: 'I', w: 'W', e: 'E', f: 'F', s: null };

/** toybox `log [-p PRI] [-t TAG] MESSAGE...`: writes one line to the main buffer as this process. */
export const log: Command = async ({ argv, android, err, process }) => {
  let level: LogLevel | null = 'I';
  let tag = 'log';
  const words: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (words.length === 0 && (a === '-p' || a === '-t')) {
      const value = argv[++i];
      if (value === undefined) {
        await err(`log: Missing argument to ${a}\nSee log --help\n`);
        return 1;
      }
      if (a === '-t') tag = value;
      else {
        const p = LOG_PRIORITIES[value[0]?.toLowerCase() ?? ''];
        if (p === undefined) {
          await err(`log: bad -p '${value}'\n`);
          return 1;
        }
        level = p;
      }
    } else words.push(a);
  }
  if (words.length === 0) {
    await err('log: Need 1 argument\nSee log --help\n');
    return 1;
  }
  if (level === null) return 0;
  const me = process(argv);
  try {
    android.logcat.add(tag, words.join(' '), level, me.process.pid);
  } finally {
    me.exit();
  }
  return 0;
};
