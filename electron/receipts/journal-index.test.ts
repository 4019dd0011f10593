import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReceiptJournal, journalFileName } from './journal';
import { readReceipts } from './journal-reader';
import { JournalIndex } from './journal-index';
import { PendingIndex } from './pending';
import { lastReceipts, pageReceipts, summarizeRuns } from './receipt-query';
import { recoverInterrupted } from './recovery';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';
import type { Receipt } from '../../shared/receipts';

let dir: string;
let journal: ReceiptJournal;
const now = new Date('2026-11-30T12:00:00Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-index-'));
  journal = new ReceiptJournal({ dir, now: () => now });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const receipt = (id: string, over: Partial<Receipt> = {}): Receipt => ({
  ...sampleReceipt(id),
  run_id: 'cli-one',
  ...over,
});
const journalFile = () => join(dir, journalFileName(now));

describe('journal index', () => {
  it('pages receipts with filters from the index, reading only the bytes appended since the last refresh', () => {
    journal.append(receipt('a'));
    journal.append(receipt('b', { status: 'not_started', code: 'OFF_SCREEN', tool: 'drag' }));
    journal.append(receipt('c', { run_id: 'console-two', owner: { pid: 1, hostname: 'h', client: 'console' } }));
    const index = new JournalIndex(dir);
    const page = pageReceipts(index, { filter: { run_id: 'cli-one' }, cursor: null, limit: 1, order: 'asc' });
    expect(page.receipts.map((r) => r.operation_id)).toEqual(['a']);
    expect(page.total).toBe(2);
    const next = pageReceipts(index, {
      filter: { run_id: 'cli-one' },
      cursor: page.next_cursor,
      limit: 1,
      order: 'asc',
    });
    expect(next.receipts.map((r) => r.operation_id)).toEqual(['b']);
    expect(next.next_cursor).toBeNull();
    expect(
      pageReceipts(index, { filter: { code: ['OFF_SCREEN'] }, cursor: null, limit: 10, order: 'desc' }).receipts.map(
        (r) => r.operation_id,
      ),
    ).toEqual(['b']);
    expect(
      pageReceipts(index, {
        filter: { code: [null], owner: ['console'] },
        cursor: null,
        limit: 10,
        order: 'desc',
      }).receipts.map((r) => r.operation_id),
    ).toEqual(['c']);
    expect(
      pageReceipts(index, {
        filter: { tool: ['drag'], status: ['not_started'] },
        cursor: null,
        limit: 10,
        order: 'asc',
      }).total,
    ).toBe(1);

    // The journal bytes already indexed are never read again: overwrite them in place (the journal itself is
    // never rewritten; this only proves the index does not re-read) and the entries still come from the index.
    const text = readFileSync(journalFile(), 'utf8');
    writeFileSync(journalFile(), text.replace(/"tool":"click"/g, '"tool":"XXXXX"'));
    journal.append(receipt('d'));
    const fresh = new JournalIndex(dir); // another process: reads the sidecar, then only the new bytes
    expect(fresh.entries().map((e) => [e.operation_id, e.tool])).toEqual([
      ['a', 'click'],
      ['b', 'drag'],
      ['c', 'click'],
      ['d', 'click'],
    ]);
    expect(lastReceipts(fresh, 2).map((r) => r.operation_id)).toEqual(['c', 'd']);
  });

  it('never covers a line still being written, and keeps a record glued after a torn fragment', () => {
    journal.append(receipt('a'));
    const index = new JournalIndex(dir);
    expect(index.entries()).toHaveLength(1);
    const torn = JSON.stringify(receipt('torn'));
    appendFileSync(journalFile(), torn.slice(0, 50)); // a writer killed inside its write()
    expect(index.entries()).toHaveLength(1);
    journal.append(receipt('after'));
    const ids = index.entries().map((e) => e.operation_id);
    expect(ids).toEqual(['a', 'after']);
    expect(index.read(index.entries()[1]!).operation_id).toBe('after');
    expect(readReceipts(dir).entries.map((e) => e.value.operation_id)).toEqual(ids);
  });

  it('ignores a sidecar batch torn by a crash and indexes those journal bytes again', () => {
    journal.append(receipt('a'));
    journal.append(receipt('b'));
    new JournalIndex(dir).entries();
    const [sidecar] = readdirSync(join(dir, 'index'));
    const path = join(dir, 'index', sidecar!);
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, 40)); // the batch line cut mid-write
    journal.append(receipt('c'));
    expect(new JournalIndex(dir).entries().map((e) => e.operation_id)).toEqual(['a', 'b', 'c']);
    expect(new JournalIndex(dir).entries().map((e) => e.operation_id)).toEqual(['a', 'b', 'c']);
  });

  it('lists a receipt written by crash recovery, in the run of its intent', async () => {
    const proc = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => proc.once('exit', resolve));
    const intent = {
      record: 'intent' as const,
      record_version: 1 as const,
      operation_id: 'op-dead',
      tool: 'click',
      args_sha256: 'a'.repeat(64),
      owner: { pid: proc.pid!, hostname: hostname(), client: 'cli' },
      owner_start: null,
      device_serial: 'emulator-5554',
      run_id: 'cli-crashed',
      started_at: '2026-11-30T10:00:00.000Z',
      at: '2026-11-30T10:00:00.100Z',
    };
    new PendingIndex(journal.pendingDir).add(
      { intent, args: {}, journal_file: journalFile(), journal_offset: 0 },
      { pid: process.pid, start: null },
    );
    journal.appendIntent(intent);
    const index = new JournalIndex(dir);
    expect(index.entries()).toEqual([]); // an intent is not a receipt
    recoverInterrupted(journal);
    expect(index.entries().map((e) => [e.operation_id, e.status, e.run_id])).toEqual([
      ['op-dead', 'unknown', 'cli-crashed'],
    ]);
    expect(summarizeRuns(index.entries(), { limit: 5 })).toMatchObject([
      { run_id: 'cli-crashed', outcome: 'unknown', counts: { unknown: 1 } },
    ]);
  });

  it('stays complete and free of duplicates with four processes appending and indexing at once', async () => {
    const fixture = join(import.meta.dirname, '../../test/support/receipts/index-child.ts');
    const startAt = String(Date.now() + 4000);
    const writers = ['a', 'b', 'c', 'd'];
    const count = 60;
    const seen = await Promise.all(
      writers.map(async (writer) => {
        const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir, writer, String(count), startAt], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const line = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
        return (JSON.parse(line.value as string) as { seen: number }).seen;
      }),
    );
    expect(Math.max(...seen)).toBe(writers.length * count); // the last writer to finish saw everything
    const entries = new JournalIndex(dir).entries();
    expect(entries).toHaveLength(writers.length * count);
    expect(new Set(entries.map((e) => e.operation_id)).size).toBe(writers.length * count);
    expect(entries.map((e) => e.operation_id)).toEqual(readReceipts(dir).entries.map((e) => e.value.operation_id));
    const runs = summarizeRuns(entries, { limit: 10 });
    expect(runs.map((r) => r.receipts)).toEqual([count, count, count, count]);
  }, 60_000);
});

describe('run summaries', () => {
  it('counts statuses and names the worst outcome', () => {
    journal.append(receipt('a', { run_id: 'mcp-s1' }));
    journal.append(receipt('b', { run_id: 'mcp-s1', status: 'not_started', code: 'OCCLUDED' }));
    journal.append(receipt('c', { run_id: 'bridge-s2' }));
    journal.append(receipt('old')); // a run of its own (the fixture's cli-one)
    journal.append({ ...sampleReceipt('legacy') }); // written before runs existed: in no run
    const runs = summarizeRuns(new JournalIndex(dir).entries(), { limit: 10 });
    expect(runs.find((r) => r.run_id === 'mcp-s1')).toMatchObject({
      source: 'mcp',
      receipts: 2,
      with_code: 1,
      outcome: 'failed',
      counts: { completed: 1, not_started: 1 },
    });
    expect(runs.find((r) => r.run_id === 'bridge-s2')).toMatchObject({ source: 'bridge', outcome: 'completed' });
    expect(runs.map((r) => r.run_id).sort()).toEqual(['bridge-s2', 'cli-one', 'mcp-s1']);
  });
});
