// Log streams of seed 004: per app, `logcat -d -v epoch --pid=<pid> -T <last time>` polled every 500 ms
// (the pid is looked up again each poll, so a restarted app keeps streaming), entries kept in memory up to
// MAX_ENTRIES (oldest dropped, counted). Streams live in this process: the console or the MCP server keeps
// them between calls; a `tactile run` process ends with its call, and its stream with it.
import { randomUUID } from 'node:crypto';
import { atLeast, parseLogcat, type LogEntry, type LogLevel } from '../../../shared/verify/logcat';
import type { DeviceLink } from '../device-link';

export const POLL_MS = 500;
const MAX_ENTRIES = 10_000;

export interface LogStream {
  id: string;
  serial: string;
  appId: string;
  level: LogLevel;
  started_at_ms: number;
  entries: LogEntry[];
  /** Entries already returned by read_log_stream. */
  cursor: number;
  dropped: number;
  pid: number | null;
  last_error: string | null;
  stop(): void;
}

const streams = new Map<string, LogStream>();

export async function pidOf(link: DeviceLink, pkg: string): Promise<number | null> {
  const out = await link.shell(`pidof ${pkg.replace(/[^A-Za-z0-9._:]/g, '')}`).catch(() => '');
  const first = out.trim().split(/\s+/)[0] ?? '';
  return /^\d+$/.test(first) ? Number(first) : null;
}

const seconds = (ms: number) => `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;

export function startStream(
  link: DeviceLink,
  serial: string,
  appId: string,
  level: LogLevel,
  sinceMs: number,
): LogStream {
  let since = sinceMs;
  // Entries at exactly `since` already taken (-T is inclusive).
  let atSince = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stream: LogStream = {
    id: randomUUID(),
    serial,
    appId,
    level,
    started_at_ms: sinceMs,
    entries: [],
    cursor: 0,
    dropped: 0,
    pid: null,
    last_error: null,
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      streams.delete(stream.id);
    },
  };
  const poll = async () => {
    try {
      stream.pid = await pidOf(link, appId);
      if (stream.pid !== null) {
        const out = await link.shell(`logcat -d -v epoch --pid=${stream.pid} -T ${seconds(since)}`);
        const fresh = parseLogcat(out, new Date().getUTCFullYear()).filter((e) => {
          const key = `${e.time_ms}|${e.pid}|${e.tid}|${e.tag}|${e.message}`;
          return e.time_ms > since || (e.time_ms === since && !atSince.has(key));
        });
        for (const e of fresh) {
          if (e.time_ms > since) {
            since = e.time_ms;
            atSince = new Set();
          }
          atSince.add(`${e.time_ms}|${e.pid}|${e.tid}|${e.tag}|${e.message}`);
          if (atLeast(e, level)) stream.entries.push(e);
        }
        const over = stream.entries.length - MAX_ENTRIES;
        if (over > 0) {
          stream.entries.splice(0, over);
          stream.cursor = Math.max(0, stream.cursor - over);
          stream.dropped += over;
        }
      }
      stream.last_error = null;
    } catch (e) {
      stream.last_error = (e as Error).message;
    }
    if (streams.has(stream.id)) {
      timer = setTimeout(() => void poll(), POLL_MS);
      timer.unref?.();
    }
  };
  streams.set(stream.id, stream);
  void poll();
  return stream;
}

/** The stream a call names, else the newest stream of this device. */
export function findStream(serial: string, id: string | undefined): LogStream | null {
  if (id !== undefined) {
    const s = streams.get(id);
    return s && s.serial === serial ? s : null;
  }
  const mine = [...streams.values()].filter((s) => s.serial === serial);
  return mine[mine.length - 1] ?? null;
}
