// Tells the console when an operation's evidence landed, whichever process stored it (the console's executor, a
// `tactile run`, an agent server): the after capture finishes after the receipt, so a debugger that listed the
// receipt without it reloads then. Polled like the journal tail: one stat of the store's marker per poll.
import { readFileSync, statSync } from 'node:fs';

export interface Recorded {
  run_id: string | null;
  operation_id: string;
}

export class EvidenceTail {
  private seen: string | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly marker: string,
    private readonly onRecorded: (recorded: Recorded) => void,
  ) {}

  start(pollMs = 500): void {
    this.seen = this.version();
    this.timer = setInterval(() => this.poll(), pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reports the marker if it changed since the last poll (public for tests). */
  poll(): void {
    const now = this.version();
    if (now === null || now === this.seen) return;
    this.seen = now;
    try {
      const value = JSON.parse(readFileSync(this.marker, 'utf8')) as Partial<Recorded>;
      if (typeof value.operation_id === 'string')
        this.onRecorded({
          run_id: typeof value.run_id === 'string' ? value.run_id : null,
          operation_id: value.operation_id,
        });
    } catch {
      // replaced again between the stat and the read: the next poll sees the newer one
    }
  }

  /** Each record renames a new file over the marker, so its inode changes even within one mtime tick. */
  private version(): string | null {
    try {
      const s = statSync(this.marker);
      return `${s.ino}:${s.mtimeMs}:${s.size}`;
    } catch {
      return null;
    }
  }
}
