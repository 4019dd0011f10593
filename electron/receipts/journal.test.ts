import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReceiptJournal } from './journal';
import { readJournal, readReceipts, readRecords } from './journal-reader';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';

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
    expect(read.entries.map((e) => [e.line, e.value.operation_id])).toEqual([
      [1, 'op-1'],
      [2, 'op-2'],
    ]);
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

  it('keeps the record appended after a torn fragment: the line is <fragment><record>, the record is read', () => {
    const journal = new ReceiptJournal({ dir, now: at('2026-11-30T10:00:00Z') });
    const file = journal.append(sampleReceipt('before'));
    appendFileSync(file, '{"receipt_version":1,"operation_id":"torn","to'); // a writer killed inside its write()
    expect(readJournal(dir).skipped).toEqual([
      { file, line: 2, reason: 'torn', text: '{"receipt_version":1,"operation_id":"torn","to' },
    ]);
    expect(readReceipts(dir).entries.map((e) => e.value.operation_id)).toEqual(['before']);

    journal.append(sampleReceipt('after'));
    const read = readReceipts(dir);
    expect(read.entries.map((e) => [e.line, e.value.operation_id])).toEqual([
      [1, 'before'],
      [2, 'after'],
    ]);
    expect(read.skipped).toEqual([
      { file, line: 2, reason: 'torn', text: '{"receipt_version":1,"operation_id":"torn","to' },
    ]);
  });

  it('recovers the appended record even when the fragment holds a nested object with the same first key', () => {
    const journal = new ReceiptJournal({ dir, now: at('2026-11-30T10:00:00Z') });
    const file = journal.append(sampleReceipt('before'));
    appendFileSync(file, '{"receipt_version":1,"args":{"receipt_version":2,"x":"{\\"record\\":\\"');
    journal.append(sampleReceipt('after'));
    expect(readReceipts(dir).entries.map((e) => e.value.operation_id)).toEqual(['before', 'after']);
  });

  it('reads intent and progress records as such, and leaves them out of the receipts', () => {
    const journal = new ReceiptJournal({ dir, now: at('2026-11-30T10:00:00Z') });
    const owner = { pid: 1, hostname: 'h', client: 'cli' };
    journal.appendIntent({
      record: 'intent',
      record_version: 1,
      operation_id: 'op-1',
      tool: 'click',
      args_sha256: 'a'.repeat(64),
      owner,
      owner_start: null,
      device_serial: 's',
      started_at: '2026-11-30T10:00:00.000Z',
      at: '2026-11-30T10:00:00.010Z',
    });
    journal.appendProgress({
      record: 'progress',
      record_version: 1,
      operation_id: 'op-1',
      events: 12,
      at: '2026-11-30T10:00:00.500Z',
    });
    journal.append(sampleReceipt('op-1'));
    expect(readRecords(dir).entries.map((e) => e.value.kind)).toEqual(['intent', 'progress', 'receipt']);
    expect(readReceipts(dir)).toMatchObject({ entries: [{ line: 3 }], skipped: [] });
  });

  it('four processes appending at once leave whole lines only: no blank line, every line parses', async () => {
    const fixture = join(import.meta.dirname, '../../test/support/receipts/append-child.ts');
    const startAt = String(Date.now() + 4000);
    const writers = ['a', 'b', 'c', 'd'];
    const count = 250;
    const run = (writer: string) =>
      new Promise<number | null>((resolve) => {
        // 8 KiB lines span several pages, so a write in progress is visible to the others' fstat.
        const proc = spawn(
          process.execPath,
          ['--import', 'tsx', fixture, dir, writer, String(count), '8192', startAt],
          { stdio: 'inherit' },
        );
        proc.once('exit', resolve);
      });
    expect(await Promise.all(writers.map(run))).toEqual(writers.map(() => 0));
    const [file] = readdirSync(dir);
    const lines = readFileSync(join(dir, file as string), 'utf8').split('\n');
    expect(lines.pop()).toBe(''); // the file ends with a newline
    expect(lines.filter((l) => l === '')).toHaveLength(0);
    expect(
      lines.filter((l) => {
        try {
          JSON.parse(l);
          return false;
        } catch {
          return true;
        }
      }),
    ).toHaveLength(0);
    const read = readReceipts(dir);
    expect(read.skipped).toEqual([]);
    expect(read.entries).toHaveLength(writers.length * count);
    const ids = read.entries.map((e) => e.value.operation_id);
    expect(ids.some((w, i) => i > 0 && w[0] !== ids[i - 1]?.[0] && ids.findIndex((x) => x[0] === w[0]) < i - 1)).toBe(
      true,
    ); // really interleaved
    for (const writer of writers) {
      expect(ids.filter((id) => id.startsWith(`${writer}-`))).toEqual(
        Array.from({ length: count }, (_, i) => `${writer}-${i}`),
      );
    }
  }, 90_000);
});
