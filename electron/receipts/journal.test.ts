import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReceiptJournal } from './journal';
import { readJournal, readReceipts } from './journal-reader';
import { sampleReceipt } from './test-fixtures/sample-receipt';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const at = (iso: string) => () => new Date(iso);

describe('receipt journal', () => {
  it('appends whole JSON lines and reads them back in order', () => {
    const journal = new ReceiptJournal({ dir, now: at('2026-11-30T10:00:00Z') });
    const file = journal.append(sampleReceipt('op-1'));
    journal.append(sampleReceipt('op-2'));
    expect(file).toBe(join(dir, 'receipts-2026-11-30.jsonl'));
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3); // two lines + the final newline
    const read = readReceipts(dir);
    expect(read.entries.map((e) => [e.line, e.value.operation_id])).toEqual([[1, 'op-1'], [2, 'op-2']]);
    expect(read.skipped).toEqual([]);
  });

  it('writes one file per UTC day and reads a date range', () => {
    let now = '2026-11-29T23:59:59.999Z';
    const journal = new ReceiptJournal({ dir, now: () => new Date(now) });
    journal.append(sampleReceipt('late'));
    now = '2026-11-30T00:00:00.000Z';
    journal.append(sampleReceipt('early'));
    expect(readdirSync(dir).sort()).toEqual(['receipts-2026-11-29.jsonl', 'receipts-2026-11-30.jsonl']);
    expect(readReceipts(dir).entries.map((e) => e.value.operation_id)).toEqual(['late', 'early']);
    expect(readReceipts(dir, { from: '2026-11-30' }).entries.map((e) => e.value.operation_id)).toEqual(['early']);
  });

  it('refuses an invalid receipt without writing anything', () => {
    const journal = new ReceiptJournal({ dir });
    expect(() => journal.append({ ...sampleReceipt('bad'), status: 'done' } as never)).toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('tolerates a torn last line, and the next append starts on a fresh line without touching it', () => {
    const journal = new ReceiptJournal({ dir, now: at('2026-11-30T10:00:00Z') });
    const file = journal.append(sampleReceipt('before'));
    appendFileSync(file, '{"receipt_version":1,"operation_id":"torn","to'); // a writer died mid-line
    expect(readJournal(dir).skipped).toEqual([{ file, line: 2, reason: 'torn', text: '{"receipt_version":1,"operation_id":"torn","to' }]);
    expect(readReceipts(dir).entries.map((e) => e.value.operation_id)).toEqual(['before']);

    journal.append(sampleReceipt('after'));
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(JSON.stringify(sampleReceipt('before')) + '\n{"receipt_version":1,"operation_id":"torn","to\n')).toBe(true);
    const read = readReceipts(dir);
    expect(read.entries.map((e) => e.value.operation_id)).toEqual(['before', 'after']);
    expect(read.skipped.map((s) => [s.line, s.reason])).toEqual([[2, 'invalid_json']]);
  });

  it('interleaves whole lines when two processes append at once', async () => {
    const fixture = join(import.meta.dirname, 'test-fixtures', 'append-child.ts');
    const startAt = String(Date.now() + 3000);
    const run = (writer: string) =>
      new Promise<number | null>((resolve) => {
        // 8 KiB lines span several pages, so a non-atomic append would show up as broken lines.
        const proc = spawn(process.execPath, ['--import', 'tsx', fixture, dir, writer, '200', '8192', startAt], { stdio: 'inherit' });
        proc.once('exit', resolve);
      });
    expect(await Promise.all([run('a'), run('b')])).toEqual([0, 0]);
    const read = readReceipts(dir);
    expect(read.skipped).toEqual([]);
    expect(read.entries).toHaveLength(400);
    const writers = read.entries.map((e) => e.value.operation_id[0]);
    expect(writers.some((w, i) => i > 0 && w !== writers[i - 1] && writers.indexOf(w as string) < i - 1)).toBe(true); // really interleaved
    for (const writer of ['a', 'b']) {
      const mine = read.entries.map((e) => e.value.operation_id).filter((id) => id.startsWith(`${writer}-`));
      expect(mine).toEqual(Array.from({ length: 200 }, (_, i) => `${writer}-${i}`));
    }
  }, 60_000);
});
