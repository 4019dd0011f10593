// A read's evidence: what it saw (its tree) and a screen of that moment, with no second capture when one exists —
// the read's own screenshot, or the device's latest frame taken with the same tree.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { helperTree } from '../../shared/evidence/helper-tree';
import { FakeChannel, FakeInput, fakeLink } from '../../test/support/fake-device';
import { EvidenceRecorder, type CaptureContext } from './evidence-capture';
import { EvidenceStore } from './evidence-store';

let dir: string;
let store: EvidenceStore;
let shots: number;
let ctx: CaptureContext;
let channel: FakeChannel;

function png(shade: string): Buffer {
  const canvas = createCanvas(108, 240);
  const c = canvas.getContext('2d');
  c.fillStyle = shade;
  c.fillRect(0, 0, 108, 240);
  return canvas.toBuffer('image/png');
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-evidence-read-'));
  store = new EvidenceStore(join(dir, 'evidence'));
  shots = 0;
  channel = new FakeChannel();
  const link = {
    ...fakeLink(channel, new FakeInput()),
    screenshot: async () => (shots++, { png: png('#334455'), width: 108, height: 240 }),
  };
  ctx = { serial: 'emulator-5554', operationId: 'op', link, native: channel };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ids = (operation_id: string) => ({ operation_id, run_id: 'mcp-s1' });

describe('evidence of reads', () => {
  it('keeps the tree a read used and the screenshot it took itself, taking none more', async () => {
    const recorder = new EvidenceRecorder(store, { settleMs: 10, maxWaitMs: 100 });
    const tree = helperTree(channel.state);
    recorder.read(ctx, { tree, png: png('#aa0000') }, ids('read-1'));
    await recorder.drain();
    const refs = store.refs('mcp-s1').get('read-1')!;
    expect(refs).toMatchObject({ kind: 'read', screen_before: null, tree_before: null, settled: true });
    expect(shots).toBe(0);
    const kept = store.get(refs.tree_after!);
    expect(kept?.kind === 'tree' && kept.tree.nodes.length).toBe(tree.nodes.length);
    expect(store.get(refs.screen_after!.sha256)?.kind).toBe('screen');
  });

  it("uses the device's latest frame when its tree is the one the read saw, and takes one screenshot otherwise", async () => {
    const recorder = new EvidenceRecorder(store, { settleMs: 10, maxWaitMs: 100 });
    // A probe of one control reads no tree: one screenshot with a tree read at that moment.
    recorder.read(ctx, { tree: null, png: null }, ids('probe'));
    await recorder.drain();
    expect(shots).toBe(1);
    const first = store.refs('mcp-s1').get('probe')!;
    expect(first.tree_after).not.toBeNull();
    // The next read sees the same tree: the frame just taken is its screen too.
    recorder.read(ctx, { tree: null, png: null }, ids('again'));
    await recorder.drain();
    expect(shots).toBe(1);
    expect(store.refs('mcp-s1').get('again')!.screen_after?.sha256).toBe(first.screen_after?.sha256);
    // The screen changed: a new screenshot.
    channel.state = {
      ...channel.state,
      nodes: channel.state.nodes.map((n, i) => (i === 1 ? { ...n, text: 'Changed' } : n)),
    };
    recorder.read(ctx, { tree: null, png: null }, ids('changed'));
    await recorder.drain();
    expect(shots).toBe(2);
  });

  it('gives the next input its before screen from what a read just saw', async () => {
    const recorder = new EvidenceRecorder(store, { settleMs: 10, maxWaitMs: 100 });
    recorder.read(ctx, { tree: helperTree(channel.state), png: png('#00aa00') }, ids('observe'));
    await recorder.drain();
    const before = await recorder.before(ctx);
    recorder.after(ctx, before!, ids('tap'));
    await recorder.drain();
    const tap = store.refs('mcp-s1').get('tap')!;
    expect(tap.kind).toBe('input');
    expect(tap.screen_before?.sha256).toBe(store.refs('mcp-s1').get('observe')!.screen_after?.sha256);
  });
});
