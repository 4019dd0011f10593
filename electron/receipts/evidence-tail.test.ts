import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EvidenceStore } from './evidence-store';
import { EvidenceTail, type Recorded } from './evidence-tail';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const refs = (operation_id: string, run_id: string | null) => ({
  operation_id,
  run_id,
  tree_before: null,
  tree_after: null,
  screen_before: null,
  screen_after: null,
  settled: true,
  captured_at: new Date().toISOString(),
});

describe('EvidenceTail', () => {
  it('reports each record made after it started, by any store on the same directory, and nothing before', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactile-evtail-'));
    dirs.push(dir);
    const writer = new EvidenceStore(dir);
    const other = new EvidenceStore(dir);
    writer.record(refs('op-before', 'console-1'));
    const seen: Recorded[] = [];
    const tail = new EvidenceTail(writer.recordedMarker, (r) => seen.push(r));
    tail.start(60_000);
    tail.poll();
    expect(seen).toEqual([]);
    writer.record(refs('op-1', 'console-1'));
    tail.poll();
    other.record(refs('op-2', null));
    tail.poll();
    tail.poll();
    tail.stop();
    expect(seen).toEqual([
      { run_id: 'console-1', operation_id: 'op-1' },
      { run_id: null, operation_id: 'op-2' },
    ]);
  });
});
