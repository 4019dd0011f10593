import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processStart } from '../device/lock/process-identity';
import { ReceiptJournal } from './journal';
import { readReceipts } from './journal-reader';
import { PendingIndex } from './pending';
import type { IntentRecord } from './records';
import { recoverInterrupted } from './recovery';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';

let dir: string;
let journal: ReceiptJournal;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-recovery-'));
  journal = new ReceiptJournal({ dir });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function deadPid(): Promise<number> {
  const proc = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => proc.once('exit', resolve));
  return proc.pid as number;
}

/** What a process leaves when it dies after its marker (and, if `line`, its intent line): no receipt. */
function orphan(
  operationId: string,
  pid: number,
  options: { line?: boolean; start?: string | null; progress?: number } = {},
): IntentRecord {
  const intent: IntentRecord = {
    record: 'intent',
    record_version: 1,
    operation_id: operationId,
    tool: 'click',
    args_sha256: 'a'.repeat(64),
    owner: { pid, hostname: hostname(), client: 'cli' },
    owner_start: options.start ?? null,
    device_serial: '127.0.0.1:6621',
    started_at: '2026-11-30T10:00:00.000Z',
    at: '2026-11-30T10:00:00.100Z',
  };
  new PendingIndex(journal.pendingDir).add(
    { intent, args: { target: [1, 2] }, journal_file: join(dir, 'receipts-2000-01-01.jsonl'), journal_offset: 0 },
    { pid: process.pid, start: null },
  );
  if (options.line !== false) journal.appendIntent(intent);
  if (options.progress !== undefined)
    journal.appendProgress({
      record: 'progress',
      record_version: 1,
      operation_id: operationId,
      events: options.progress,
      at: '2026-11-30T10:00:00.400Z',
    });
  return intent;
}

describe('crash recovery', () => {
  it('turns the intent of a dead process into an unknown receipt, once, with what is known of its input', async () => {
    orphan('op-dead', await deadPid(), { progress: 37 });
    const report = recoverInterrupted(journal);
    expect(report.recovered).toHaveLength(1);
    const receipts = readReceipts(dir).entries.map((e) => e.value);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      operation_id: 'op-dead',
      tool: 'click',
      device_serial: '127.0.0.1:6621',
      status: 'unknown',
      code: 'INTERNAL',
      args: { target: [1, 2] },
      started_at: '2026-11-30T10:00:00.000Z',
      finished_at: '2026-11-30T10:00:00.400Z',
      duration_ms: 400,
    });
    expect(receipts[0]?.message).toContain('at least 37 input events');
    expect(readdirSync(journal.pendingDir)).toEqual([]);
    expect(recoverInterrupted(journal).recovered).toEqual([]);
    expect(readReceipts(dir).entries).toHaveLength(1);
  });

  it('leaves alone an operation whose owner is alive, but not a reused pid (start time differs)', () => {
    orphan('op-live', process.pid, { start: processStart(process.pid) });
    expect(recoverInterrupted(journal)).toEqual({ recovered: [], live: 1 });
    orphan('op-reused', process.pid, { start: `${processStart(process.pid)}0` });
    const report = recoverInterrupted(journal);
    expect(report.recovered.map((r) => r.operation_id)).toEqual(['op-reused']);
    expect(report.live).toBe(1);
  });

  it('writes no second receipt when the process died after its receipt but before dropping the marker', async () => {
    orphan('op-done', await deadPid());
    journal.append(sampleReceipt('op-done'));
    expect(recoverInterrupted(journal).recovered).toEqual([]);
    expect(readReceipts(dir).entries).toHaveLength(1);
    expect(readdirSync(journal.pendingDir)).toEqual([]);
  });

  it('says not_started when the process died before its intent line (input is only sent after it)', async () => {
    orphan('op-early', await deadPid(), { line: false });
    expect(recoverInterrupted(journal).recovered).toMatchObject([
      { operation_id: 'op-early', status: 'not_started', code: 'INTERNAL' },
    ]);
  });

  it('removes a marker a dead writer left half-written (no intent, no input, no receipt), not a live one', async () => {
    const pid = await deadPid();
    mkdirSync(journal.pendingDir, { recursive: true });
    writeFileSync(join(journal.pendingDir, `.tmp-${pid}-x-0a1b`), '{"intent":');
    writeFileSync(join(journal.pendingDir, `.tmp-${process.pid}-${processStart(process.pid)}-0a1c`), '{"intent":');
    expect(recoverInterrupted(journal).recovered).toEqual([]);
    expect(readdirSync(journal.pendingDir)).toEqual([`.tmp-${process.pid}-${processStart(process.pid)}-0a1c`]);
    expect(readReceipts(dir).entries).toEqual([]);
  });

  it('finishes the work of a recoverer that died after claiming a marker', async () => {
    orphan('op-twice', await deadPid());
    const pending = new PendingIndex(journal.pendingDir);
    const [entry] = pending.list();
    if (entry?.kind !== 'marker') throw new Error('expected the marker');
    renameSync(
      join(journal.pendingDir, entry.name),
      join(journal.pendingDir, `${entry.operationFile}.json.recovering-${await deadPid()}-x`),
    );
    expect(recoverInterrupted(journal).recovered.map((r) => r.operation_id)).toEqual(['op-twice']);
  });

  it('processes recovering at the same moment write exactly one receipt per operation', async () => {
    const pid = await deadPid();
    for (let i = 0; i < 20; i++) orphan(`op-${i}`, pid);
    const fixture = join(import.meta.dirname, '../../test/support/receipts/recover-child.ts');
    const startAt = String(Date.now() + 3000);
    const reports = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const proc = spawn(process.execPath, ['--import', 'tsx', fixture, dir, startAt], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const line = await createInterface({ input: proc.stdout })[Symbol.asyncIterator]().next();
        return JSON.parse(line.value as string) as { recovered: string[] };
      }),
    );
    const all = reports.flatMap((r) => r.recovered).sort();
    expect(all).toEqual(Array.from({ length: 20 }, (_, i) => `op-${i}`).sort());
    expect(readReceipts(dir).entries).toHaveLength(20);
    expect(readdirSync(journal.pendingDir)).toEqual([]);
  }, 30_000);
});
