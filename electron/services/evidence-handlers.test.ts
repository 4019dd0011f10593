// The debugger's channels through the contract's own dispatcher (request parsing, error codes), over a journal
// and an evidence store on disk.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher, REQUESTS, type Handlers } from '../../shared/ipc';
import { EvidenceStore } from '../receipts/evidence-store';
import { evidenceDirOf } from '../receipts/evidence-location';
import { JournalIndex } from '../receipts/journal-index';
import { ReceiptJournal } from '../receipts/journal';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';
import { evidenceHandlers } from './evidence-handlers';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'tactile-evidence-handlers-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function dispatcher() {
  const journalDir = join(dir, 'receipts');
  const handlers = evidenceHandlers(new JournalIndex(journalDir)) as unknown as Handlers;
  return {
    dispatch: createDispatcher(handlers),
    journal: new ReceiptJournal({ dir: journalDir }),
    store: new EvidenceStore(evidenceDirOf(journalDir)),
  };
}

describe('evidence channels', () => {
  it('lists runs, pages a run with its evidence, serves blobs and writes a report', async () => {
    const { dispatch, journal, store } = dispatcher();
    const canvas = createCanvas(100, 200);
    canvas.getContext('2d').fillRect(10, 10, 50, 50);
    const screen = await store.putScreen(canvas.toBuffer('image/png'));
    for (const id of ['a', 'b']) journal.append({ ...sampleReceipt(id), run_id: 'flow-f1' });
    store.record({
      operation_id: 'a',
      run_id: 'flow-f1',
      screen_before: screen,
      screen_after: screen,
      tree_before: null,
      tree_after: null,
      settled: true,
      captured_at: '2026-11-30T01:00:01.000Z',
    });

    const runs = await dispatch('runs.list', { limit: 10 });
    expect(runs).toMatchObject({
      ok: true,
      result: { runs: [{ run_id: 'flow-f1', source: 'flow', receipts: 2, outcome: 'completed' }] },
    });
    const page = await dispatch('receipts.page', {
      filter: { run_id: 'flow-f1' },
      cursor: null,
      limit: 10,
      order: 'asc',
    });
    if (!page.ok) throw new Error(page.error.message);
    expect(REQUESTS['receipts.page'].response.safeParse(page.result).success).toBe(true);
    const items = (page.result as { items: Array<{ receipt: { operation_id: string }; evidence: unknown }> }).items;
    expect(items.map((i) => [i.receipt.operation_id, i.evidence !== null])).toEqual([
      ['a', true],
      ['b', false],
    ]);

    const blob = await dispatch('evidence.get', { sha256: screen.sha256 });
    expect(blob).toMatchObject({ ok: true, result: { kind: 'screen', width: 100, height: 200 } });
    expect(await dispatch('evidence.get', { sha256: '0'.repeat(64) })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await dispatch('evidence.get', { sha256: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });

    const report = await dispatch('report.generate', { selection: { run_id: 'flow-f1' }, out: null });
    if (!report.ok) throw new Error(report.error.message);
    const { path, steps, size_bytes } = report.result as { path: string; steps: number; size_bytes: number };
    expect(path).toBe(join(dir, 'reports', 'flow-f1.html'));
    expect(steps).toBe(2);
    expect(statSync(path).size).toBe(size_bytes);
  });

  it('refuses a bad filter and a cursor it never gave', async () => {
    const { dispatch } = dispatcher();
    expect(
      await dispatch('receipts.page', { filter: { status: ['done'] }, cursor: null, limit: 10, order: 'asc' }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: '/filter/status/0' } });
    expect(await dispatch('receipts.page', { filter: {}, cursor: 'x', limit: 10, order: 'asc' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await dispatch('runs.list', { limit: 10, since: 'yesterday' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', path: '/since' },
    });
  });
});
