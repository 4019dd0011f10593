// The receipt journal: append-only JSON lines, one file per UTC day (receipts-YYYY-MM-DD.jsonl) under
// <data>/receipts. Each receipt is validated, written as ONE write() of a whole line to an O_APPEND file and
// fsync'd before append returns, so a crash loses at most the line being written and concurrent writers
// (console, CLI) interleave whole lines. Files are never rewritten or truncated.
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ReceiptSchema, type Receipt } from '../../shared/receipts/receipt';
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

  /** Validates and durably appends one receipt; returns the file it went to. Throws on an invalid receipt. */
  append(receipt: Receipt): string {
    const line = JSON.stringify(ReceiptSchema.parse(receipt)) + '\n';
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = join(this.dir, journalFileName(this.now()));
    const fd = openSync(file, 'a+', 0o600);
    try {
      const size = fstatSync(fd).size;
      // A writer that died mid-line left no newline: start on a fresh line so this record stays whole.
      const last = Buffer.alloc(1);
      const torn = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
      const bytes = Buffer.from(torn ? '\n' + line : line, 'utf8');
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
      if (size === 0) syncDirectory(this.dir); // a new file's directory entry must survive a crash too
    } finally {
      closeSync(fd);
    }
    return file;
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
