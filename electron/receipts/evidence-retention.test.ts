import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EvidenceStore } from './evidence-store';
import { EvidenceRetention, evidenceLimitBytes } from './evidence-retention';
import { ReceiptJournal } from './journal';
import { readReceipts } from './journal-reader';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';

let dir: string;
let store: EvidenceStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-retention-'));
  store = new EvidenceStore(join(dir, 'evidence'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A noisy picture (so WebP cannot shrink it to nothing), different per seed. */
function png(seed: number): Buffer {
  const canvas = createCanvas(240, 400);
  const ctx = canvas.getContext('2d');
  let x = seed * 7919;
  for (let i = 0; i < 600; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    ctx.fillStyle = `hsl(${x % 360} 70% 50%)`;
    ctx.fillRect(x % 240, (x >> 8) % 400, 12, 12);
  }
  return canvas.toBuffer('image/png');
}

const tree = (label: string) => ({
  screen: { width: 240, height: 400 },
  rotation: 0 as const,
  nodes: [],
  windows: [
    {
      window: 0,
      id: 1,
      layer: 0,
      title: label,
      type: 'TYPE_APPLICATION',
      bounds_px: [0, 0, 240, 400] as [number, number, number, number],
      active: true,
      focused: true,
      package_name: null,
    },
  ],
});

async function recordRun(runId: string, seeds: number[], ageMs: number): Promise<void> {
  for (const [i, seed] of seeds.entries()) {
    const screen = await store.putScreen(png(seed));
    store.record({
      operation_id: `${runId}-${i}`,
      run_id: runId,
      screen_before: screen,
      screen_after: screen,
      tree_before: store.putTree(tree(String(seed))),
      tree_after: store.putTree(tree(String(seed))),
      settled: true,
      captured_at: new Date().toISOString(),
    });
  }
  const when = new Date(Date.now() - ageMs);
  utimesSync(join(store.runsDir, `${runId}.jsonl`), when, when);
  // Blobs of old runs are old too (retention keeps young blobs: a writer may have just re-used them).
  for (const shard of readdirSync(store.blobsDir))
    for (const f of readdirSync(join(store.blobsDir, shard))) utimesSync(join(store.blobsDir, shard, f), when, when);
}

function diskBytes(): number {
  const sizes = readdirSync(store.blobsDir).flatMap((s) =>
    readdirSync(join(store.blobsDir, s)).map((f) => statSync(join(store.blobsDir, s, f)).size),
  );
  return (
    sizes.reduce((a, b) => a + b, 0) +
    readdirSync(store.runsDir).reduce((a, f) => a + statSync(join(store.runsDir, f)).size, 0)
  );
}

describe('evidence store', () => {
  it('stores an identical screen and tree once and reads them back', async () => {
    const a = await store.putScreen(png(1));
    const b = await store.putScreen(png(1));
    expect(b).toEqual(a);
    expect(store.putTree(tree('x'))).toBe(store.putTree(tree('x')));
    // The screen, its thumbnail and the tree.
    expect(readdirSync(store.blobsDir).flatMap((s) => readdirSync(join(store.blobsDir, s)))).toHaveLength(3);
    expect(store.get(a.sha256)).toMatchObject({ kind: 'screen', media_type: 'image/webp', width: 240, height: 400 });
    expect(store.get(store.putTree(tree('x')))).toMatchObject({ kind: 'tree', tree: tree('x') });
    expect(store.get('f'.repeat(64))).toBeNull();
  });
});

describe('evidence retention', () => {
  it('removes whole runs oldest first until under the limit, then their blobs, and never a receipt', async () => {
    const journal = new ReceiptJournal({ dir });
    for (const run of ['cli-old', 'cli-mid', 'cli-new']) journal.append({ ...sampleReceipt(`${run}-0`), run_id: run });
    await recordRun('cli-old', [1, 2, 3], 3_600_000);
    await recordRun('cli-mid', [4, 5, 3], 1_800_000); // shares seed 3's screen with the old run
    await recordRun('cli-new', [6, 7, 8], 600_000);
    const oldScreens = [...store.refs('cli-old').values()].map((r) => r.screen_after!.sha256);
    const total = diskBytes();
    const third = total / 3;
    const report = new EvidenceRetention(store, { maxBytes: Math.round(total - third / 2) }).enforce();
    expect(report.removedRuns).toEqual(['cli-old']);
    expect(report.bytesAfter).toBe(diskBytes());
    expect(readdirSync(store.runsDir).sort()).toEqual(['cli-mid.jsonl', 'cli-new.jsonl']);
    // The screen the middle run still refers to survived; the old run's own screens went.
    const mid = store.refs('cli-mid');
    for (const refs of mid.values()) expect(store.get(refs.screen_after!.sha256)).not.toBeNull();
    expect(oldScreens.map((sha) => store.get(sha) !== null)).toEqual([false, false, true]);
    expect(readReceipts(dir).entries.map((e) => e.value.operation_id)).toEqual(['cli-old-0', 'cli-mid-0', 'cli-new-0']);
  });

  it('never prunes a run in progress here, nor a young blob nothing refers to yet', async () => {
    await recordRun('console-live', [1, 2], 7_200_000);
    await recordRun('cli-done', [3, 4], 600_000);
    const young = await store.putScreen(png(9)); // written, its manifest line not yet
    const report = new EvidenceRetention(store, { maxBytes: 1, activeRuns: () => ['console-live'] }).enforce();
    expect(report.removedRuns).toEqual(['cli-done']);
    expect(store.refs('console-live').size).toBe(2);
    expect(store.get(young.sha256)).not.toBeNull();
  });

  it('reads its limit from TACTILE_EVIDENCE_MAX_MB', () => {
    expect(evidenceLimitBytes({ TACTILE_EVIDENCE_MAX_MB: '5' })).toBe(5 * 1024 * 1024);
    expect(evidenceLimitBytes({})).toBe(2048 * 1024 * 1024);
    expect(evidenceLimitBytes({ TACTILE_EVIDENCE_MAX_MB: 'lots' })).toBe(2048 * 1024 * 1024);
  });
});
