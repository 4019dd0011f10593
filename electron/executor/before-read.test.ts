// The before-read's reuse rule (an observation at most 150 ms old that the live mirror proves unchanged stands in
// for a new read; otherwise the screen is read), and evidence written after the receipt: the receipt says its
// evidence is pending and is returned before any of it is captured; a capture or write that fails is recorded
// in the evidence store as missing, with why.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScreenRef } from '../../shared/evidence';
import { evidenceState } from '../../shared/evidence/evidence-state';
import { ReceiptSchema } from '../../shared/receipts';
import { DeviceLocks } from '../device/lock';
import { EvidenceRecorder } from '../receipts/evidence-capture';
import { EvidenceStore } from '../receipts/evidence-store';
import { RecentReads, REUSE_MS } from './before-read';
import { createExecutor } from './executor';
import { FakeChannel, FakeInput, fakeLink, fakeState } from '../../test/support/fake-device';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-before-read-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const CLICK = { tool: 'click', args: { target: [500, 500] } };
const read = { summary: { node_count: 1 }, fingerprint: 'f'.repeat(16) };

describe('RecentReads', () => {
  it('reuses a read at most 150 ms old that the mirror proves unchanged; otherwise the screen is read', () => {
    let now = 1000;
    const reads = new RecentReads(() => now);
    const asked: number[] = [];
    const unchanged = { screenUnchangedSince: (t: number) => (asked.push(t), true) };
    reads.remember('dev', read, 1000);
    now = 1000 + REUSE_MS;
    expect(reads.reusable('dev', unchanged)).toBe(read);
    expect(asked).toEqual([1000]); // "unchanged since the read started"
    now = 1000 + REUSE_MS + 1;
    expect(reads.reusable('dev', unchanged)).toBeNull(); // too old
    now = 1010;
    expect(reads.reusable('dev', { screenUnchangedSince: () => false })).toBeNull(); // the mirror saw a redraw
    expect(reads.reusable('dev', {})).toBeNull(); // no stream: nothing proves "unchanged"
    expect(reads.reusable('other', unchanged)).toBeNull();
    reads.forget('dev');
    expect(reads.reusable('dev', unchanged)).toBeNull();
    reads.remember('dev', { summary: { error: 'TIMEOUT' } }, 1010); // a failed read is never reused
    expect(reads.reusable('dev', unchanged)).toBeNull();
  });
});

describe('the executor before input', () => {
  const observes = (c: FakeChannel) => c.requests.filter((q) => q.op === 'observe').length;
  async function twoClicks(unchanged: boolean, gapMs: number) {
    const channel = new FakeChannel();
    let now = 0;
    const link = { ...fakeLink(channel, new FakeInput()), screenUnchangedSince: () => unchanged };
    const ex = createExecutor({
      links: { open: async () => link },
      locks: new DeviceLocks({ dir }),
      journal: { append: () => undefined },
      evidence: null,
      recentReads: new RecentReads(() => now),
    });
    const first = await ex.run(CLICK, { serial: 'fake-1', owner: 'unit' });
    const afterFirst = observes(channel);
    now += gapMs;
    const second = await ex.run(CLICK, { serial: 'fake-1', owner: 'unit' });
    return { first, second, secondReads: observes(channel) - afterFirst };
  }

  it("a fresh observation the mirror proves unchanged is the next action's before-read (one read, the after)", async () => {
    const { first, second, secondReads } = await twoClicks(true, REUSE_MS);
    expect(second.status).toBe('completed');
    expect(secondReads).toBe(1);
    // The reused read is the first action's after-read: same summary and fingerprint.
    expect(second.observation_before).toEqual(first.observation_after);
    expect(second.action_envelope?.ui_fingerprint_before).toBe(first.action_envelope?.ui_fingerprint_after);
  });

  it("reads the screen once: the call is prepared against the before-read's own display", async () => {
    const channel = new FakeChannel({ ...fakeState(), display: { width: 720, height: 1600 } });
    let screenReads = 0;
    const link = {
      ...fakeLink(channel, new FakeInput()),
      screen: async () => (screenReads++, { width: 1080, height: 2400 }),
    };
    const ex = createExecutor({
      links: { open: async () => link },
      locks: new DeviceLocks({ dir }),
      journal: { append: () => undefined },
      evidence: null,
    });
    const receipt = await ex.run(CLICK, { serial: 'fake-1', owner: 'unit' });
    expect(receipt.status).toBe('completed');
    expect(screenReads).toBe(0);
    expect(observes(channel)).toBe(2); // the before-read and the after-read
    // [500, 500] of 1000 on the observed 720×1600 display, not on the 1080×2400 a separate read would give.
    expect(receipt.plan).toMatchObject({
      pointers: [
        {
          keyframes: [
            { x: 360, y: 800 },
            { x: 360, y: 800 },
          ],
        },
      ],
    });
  });

  it('reads again when the observation is older than 150 ms or the mirror saw the screen change', async () => {
    expect((await twoClicks(true, REUSE_MS + 1)).secondReads).toBe(2);
    expect((await twoClicks(false, 0)).secondReads).toBe(2);
  });
});

/** A store whose screen writes fail (a full disk). */
class FailingStore extends EvidenceStore {
  override putScreen(): Promise<ScreenRef> {
    return Promise.reject(new Error('ENOSPC: no space left on device'));
  }
}

describe('evidence after the receipt', () => {
  async function clickWith(store: EvidenceStore, order: string[]) {
    const recorder = new EvidenceRecorder(store, { settleMs: 10, maxWaitMs: 50 });
    const after = recorder.after.bind(recorder);
    recorder.after = (...a) => {
      order.push('after called');
      after(...a);
    };
    const link = fakeLink(new FakeChannel(), new FakeInput());
    link.screenshot = async () => {
      order.push('screenshot');
      const { PNG } = await import('pngjs');
      const png = new PNG({ width: 4, height: 8 });
      return { png: PNG.sync.write(png), width: 4, height: 8 };
    };
    const ex = createExecutor({
      links: { open: async () => link },
      locks: new DeviceLocks({ dir: join(dir, 'locks') }),
      journal: { append: () => undefined },
      evidence: recorder,
    });
    const receipt = await ex.run(CLICK, { serial: 'fake-1', owner: 'unit' });
    order.push('receipt returned');
    expect(store.refs(ex.runId).get(receipt.operation_id)).toBeUndefined(); // nothing landed yet
    expect(evidenceState(receipt, null)).toEqual({ state: 'pending' });
    await ex.drainEvidence();
    return { receipt, refs: store.refs(ex.runId).get(receipt.operation_id) ?? null };
  }

  it('returns the receipt (evidence pending) before any after capture is taken; the evidence lands after it', async () => {
    const order: string[] = [];
    const { receipt, refs } = await clickWith(new EvidenceStore(join(dir, 'evidence')), order);
    expect(ReceiptSchema.parse(receipt)).toMatchObject({ status: 'completed', evidence: 'pending' });
    expect(order.indexOf('receipt returned')).toBeLessThan(order.indexOf('screenshot'));
    expect(order.indexOf('screenshot')).toBeGreaterThan(-1);
    expect(refs).toMatchObject({
      operation_id: receipt.operation_id,
      screen_after: expect.objectContaining({ sha256: expect.any(String) }),
    });
    expect(refs?.missing).toBeUndefined();
    expect(evidenceState(receipt, refs)).toEqual({ state: 'landed' });
  });

  it('records evidence that failed to land as missing, with why, for the receipt that said it was pending', async () => {
    const { receipt, refs } = await clickWith(new FailingStore(join(dir, 'evidence')), []);
    expect(receipt.evidence).toBe('pending');
    expect(refs).toMatchObject({
      screen_before: null,
      screen_after: null,
      tree_before: null,
      tree_after: null,
      missing: expect.stringContaining('ENOSPC'),
    });
    expect(evidenceState(receipt, refs)).toEqual({
      state: 'missing',
      reason: expect.stringContaining('no space left'),
    });
  });
});
