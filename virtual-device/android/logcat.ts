// logd's ring buffers: main (apps), system (system_server's Slog), crash (uncaught exceptions), events, radio and
// kernel; each line keeps its writer's pid, tid and uid. logcat reads them all in time order, and a reader that
// does not dump (`logcat` without -d) subscribes for what is written after it started.

export type LogLevel = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';
export const LOG_BUFFERS = ['main', 'radio', 'events', 'system', 'crash', 'stats', 'security', 'kernel'] as const;
export type LogBufferId = (typeof LOG_BUFFERS)[number];

export interface LogLine {
  timeMs: number;
  pid: number;
  tid: number;
  uid: number;
  level: LogLevel;
  tag: string;
  message: string;
  buffer: LogBufferId;
}

/** logd's default ring size per buffer (ro.logd.size unset): 256 KiB. */
export const RING_BYTES = 256 * 1024;
const SYSTEM_SERVER_PID = 1000;

const entryBytes = (l: LogLine) => 28 + Buffer.byteLength(l.tag) + Buffer.byteLength(l.message) + 3;

export class LogBuffer {
  private lines: LogLine[] = [];
  private readonly used = new Map<LogBufferId, number>();
  private readonly listeners = new Set<(line: LogLine) => void>();

  /** `uidOf` names the writer of a pid (what `-v uid` and `--uid` show). */
  constructor(
    private readonly clock: () => number,
    private readonly uidOf: (pid: number) => number = () => 0,
  ) {}

  /** A line as liblog writes it: system_server's go to the system buffer unless told otherwise. */
  add(tag: string, message: string, level: LogLevel = 'I', pid = 4242, tid = pid, buffer?: LogBufferId): void {
    // logd stamps whole nanoseconds; the clock may run in fractions of a millisecond: keep whole ones.
    const line: LogLine = {
      timeMs: Math.floor(this.clock()),
      pid,
      tid,
      uid: this.uidOf(pid),
      level,
      tag,
      message,
      buffer: buffer ?? (pid === SYSTEM_SERVER_PID ? 'system' : 'main'),
    };
    this.lines.push(line);
    this.used.set(line.buffer, this.bytes(line.buffer) + entryBytes(line));
    // Each ring keeps its newest 256 KiB, as logd prunes the oldest entries.
    while (this.bytes(line.buffer) > RING_BYTES) {
      const [old] = this.lines.splice(
        this.lines.findIndex((l) => l.buffer === line.buffer),
        1,
      );
      this.used.set(line.buffer, this.bytes(line.buffer) - entryBytes(old!));
    }
    for (const l of this.listeners) l(line);
  }

  /** Every line of these buffers, oldest first. */
  read(buffers: ReadonlySet<LogBufferId>): LogLine[] {
    return this.lines.filter((l) => buffers.has(l.buffer));
  }

  /** Calls `listener` with each line written from now on; returns the unsubscribe. */
  subscribe(listener: (line: LogLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `logcat -c`: empties the buffers. */
  clear(buffers: ReadonlySet<LogBufferId> = new Set(LOG_BUFFERS)): void {
    this.lines = this.lines.filter((l) => !buffers.has(l.buffer));
    for (const b of buffers) this.used.delete(b);
  }

  /** What a buffer holds, in bytes of logger entries (a 28-byte header, priority, tag and message with their NULs). */
  bytes(buffer: LogBufferId): number {
    return this.used.get(buffer) ?? 0;
  }
}
