// The main log buffer `logcat -d` prints, in logcat's default threadtime format.

export interface LogLine {
  timeMs: number;
  pid: number;
  level: 'V' | 'D' | 'I' | 'W' | 'E';
  tag: string;
  message: string;
}

const LIMIT = 5000;

export class LogBuffer {
  private lines: LogLine[] = [];

  constructor(private readonly clock: () => number) {}

  add(tag: string, message: string, level: LogLine['level'] = 'I', pid = 4242): void {
    this.lines.push({ timeMs: this.clock(), pid, level, tag, message });
    if (this.lines.length > LIMIT) this.lines.splice(0, this.lines.length - LIMIT);
  }

  clear(): void {
    this.lines = [];
  }

  /** `MM-DD HH:MM:SS.mmm  PID  TID L TAG     : message` lines (threadtime). */
  format(): string {
    return this.lines.map(formatLine).join('');
  }
}

function formatLine(l: LogLine): string {
  const d = new Date(l.timeMs);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const stamp = `${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}`;
  return `${stamp} ${String(l.pid).padStart(5)} ${String(l.pid).padStart(5)} ${l.level} ${l.tag.padEnd(8)}: ${l.message}\n`;
}
