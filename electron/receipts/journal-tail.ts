// Follows the receipt journal so receipts written by other clients on this machine (CLI, agents) reach the
// console as they complete, like its own. Starts at the current end of today's file (history comes from
// `receipts.list`), reads only whole appended lines, and moves to the next day's file at midnight UTC.
// Polled rather than fs.watch'ed: watch events are unreliable across filesystems, and a 500 ms poll is a stat.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Receipt } from '../../shared/receipts/receipt';
import { journalFileName } from './journal';
import { parseJournalLine } from './journal-line';
import { toJournalRecord } from './records';

export class JournalTail {
  private file: string | null = null;
  private offset = 0;
  private partial = '';
  /** Holds a character's first bytes when a poll ends inside it (a writer mid-append). */
  private decoder = new StringDecoder('utf8');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dir: string,
    private readonly onReceipt: (receipt: Receipt) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(pollMs = 500): void {
    this.file = join(this.dir, journalFileName(this.now()));
    this.offset = sizeOf(this.file);
    this.timer = setInterval(() => this.poll(), pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads what was appended since the last poll (public for tests). */
  poll(): void {
    const today = join(this.dir, journalFileName(this.now()));
    if (today !== this.file) {
      this.readNew(); // the rest of yesterday's file first
      this.file = today;
      this.offset = 0;
      this.partial = '';
      this.decoder = new StringDecoder('utf8');
    }
    this.readNew();
  }

  private readNew(): void {
    if (this.file === null) return;
    const size = sizeOf(this.file);
    if (size <= this.offset) return;
    const buffer = Buffer.alloc(size - this.offset);
    const fd = openSync(this.file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    this.offset = size;
    const lines = (this.partial + this.decoder.write(buffer)).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      // A torn fragment is dropped (the journal reader reports it); a record glued after it is kept.
      const parsed = parseJournalLine(line);
      if (parsed.kind === 'invalid') continue;
      const record = toJournalRecord(parsed.value);
      if (record.ok && record.record.kind === 'receipt') this.onReceipt(record.record.value);
    }
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
