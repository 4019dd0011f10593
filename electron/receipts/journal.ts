// The receipt journal: append-only JSON lines, one file per UTC day (receipts-YYYY-MM-DD.jsonl) under
// <data>/receipts. Each record is validated and written as ONE write() of a whole line to an O_APPEND file;
// receipts and intents are fsync'd before append returns. Concurrent writers (console, CLI) therefore
// interleave whole lines, and a writer never looks at the file's tail: the size it would read can be in the
// middle of another writer's write (that check once inserted blank lines under load). A fragment left by a
// writer killed mid-write is dealt with by the reader (journal-line.ts). Files are never rewritten or truncated.
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ReceiptSchema, type Receipt } from '../../shared/receipts/receipt';
import { IntentRecordSchema, ProgressRecordSchema, type IntentRecord, type ProgressRecord } from './records';
import { dataDir } from '../user-data/data-dir';

export function defaultJournalDir(): string {
  return join(dataDir(), 'receipts');
}

export function journalFileName(at: Date): string {
  return `receipts-${at.toISOString().slice(0, 10)}.jsonl`;
}

export interface JournalOptions {
  dir?: string;
  now?: () => Date;
}

export class ReceiptJournal {
  readonly dir: string;
  private readonly now: () => Date;

  constructor(options: JournalOptions = {}) {
    this.dir = options.dir ?? defaultJournalDir();
    this.now = options.now ?? (() => new Date());
  }

  /** Markers of operations whose intent is written and receipt is not (pending.ts). */
  get pendingDir(): string {
    return join(this.dir, 'pending');
  }

  /** The clock the journal dates its files by. */
  date(): Date {
    return this.now();
  }

  /** Validates and durably appends one receipt; returns the file it went to. Throws on an invalid receipt. */
  append(receipt: Receipt): string {
    return this.write(ReceiptSchema.parse(receipt), true);
  }

  /** Durably appends an intent record (write-ahead: before the operation's first input). */
  appendIntent(intent: IntentRecord): void {
    this.write(IntentRecordSchema.parse(intent), true);
  }

  /** Appends a progress record without fsync (a hint for recovery; losing it in a power cut costs only detail). */
  appendProgress(progress: ProgressRecord): void {
    this.write(ProgressRecordSchema.parse(progress), false);
  }

  private write(record: unknown, sync: boolean): string {
    const bytes = Buffer.from(JSON.stringify(record) + '\n', 'utf8');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = join(this.dir, journalFileName(this.now()));
    const fd = openSync(file, 'a', 0o600);
    try {
      const offset = fstatSync(fd).size;
      // One write() of the whole line; the loop only continues a short write (a signal mid-write).
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      if (sync) fsyncSync(fd);
      if (sync && offset === 0) syncDirectory(this.dir); // a new file's directory entry must survive a crash too
      return file;
    } finally {
      closeSync(fd);
    }
  }
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
