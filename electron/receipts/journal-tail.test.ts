import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { journalFileName, ReceiptJournal } from './journal';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';
import { JournalTail } from './journal-tail';

describe('JournalTail', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('delivers receipts appended after it started, whole lines only, across the day change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactile-tail-'));
    dirs.push(dir);
    let now = new Date('2026-11-30T23:59:59Z');
    const journal = new ReceiptJournal({ dir, now: () => now });
    journal.append(sampleReceipt('before-start'));
    const seen: string[] = [];
    const tail = new JournalTail(
      dir,
      (r) => seen.push(r.operation_id),
      () => now,
    );
    tail.start(60_000);
    journal.append(sampleReceipt('one'));
    const torn = JSON.stringify(sampleReceipt('two'));
    appendFileSync(join(dir, journalFileName(now)), torn.slice(0, 40));
    tail.poll();
    expect(seen).toEqual(['one']);
    appendFileSync(join(dir, journalFileName(now)), torn.slice(40) + '\nnot json\n');
    tail.poll();
    expect(seen).toEqual(['one', 'two']);
    now = new Date('2026-12-01T00:00:01Z');
    journal.append(sampleReceipt('next-day'));
    tail.poll();
    expect(seen).toEqual(['one', 'two', 'next-day']);
    tail.stop();
  });

  it('keeps a multi-byte character whole when a poll ends in the middle of it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactile-tail-'));
    dirs.push(dir);
    const now = new Date('2026-11-30T12:00:00Z');
    const seen: string[] = [];
    const tail = new JournalTail(
      dir,
      (r) => seen.push(r.operation_id),
      () => now,
    );
    tail.start(60_000);
    const line = Buffer.from(JSON.stringify(sampleReceipt('café-ü')) + '\n', 'utf8');
    const cut = line.indexOf(Buffer.from('é', 'utf8')) + 1; // between the two bytes of "é"
    appendFileSync(join(dir, journalFileName(now)), line.subarray(0, cut));
    tail.poll();
    appendFileSync(join(dir, journalFileName(now)), line.subarray(cut));
    tail.poll();
    expect(seen).toEqual(['café-ü']);
    tail.stop();
  });
});
