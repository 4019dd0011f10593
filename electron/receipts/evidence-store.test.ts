import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EvidenceStore, SCREEN_MAX_SIDE, THUMBNAIL_MAX_SIDE } from './evidence-store';

let dir: string;
let store: EvidenceStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-evidence-store-'));
  store = new EvidenceStore(join(dir, 'evidence'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A 1080×2400 phone screen: a light page with a dark bar at the top third. */
function phonePng(): Buffer {
  const canvas = createCanvas(1080, 2400);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f0f0f0';
  ctx.fillRect(0, 0, 1080, 2400);
  ctx.fillStyle = '#202020';
  ctx.fillRect(0, 800, 1080, 200);
  return canvas.toBuffer('image/png');
}

it('stores a screen with a content-addressed thumbnail of the same picture, fitted in 320 px', async () => {
  const ref = await store.putScreen(phonePng());
  expect([ref.width, ref.height]).toEqual([576, SCREEN_MAX_SIDE]);
  expect(ref.thumbnail).toMatchObject({ width: 144, height: THUMBNAIL_MAX_SIDE });
  const thumb = store.get(ref.thumbnail!.sha256);
  expect(thumb).toMatchObject({ kind: 'screen', media_type: 'image/webp', width: 144, height: 320 });
  // The thumbnail is the screen scaled down: the dark bar sits at the same third of its height.
  const image = await loadImage(Buffer.from((thumb as { data: Uint8Array }).data));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const at = (y: number) => ctx.getImageData(72, y, 1, 1).data[0]!;
  expect(at(120)).toBeLessThan(80);
  expect(at(40)).toBeGreaterThan(200);
  // Stored once: the same screenshot again gives the same refs.
  expect(await store.putScreen(phonePng())).toEqual(ref);
  expect(ref.thumbnail!.sha256).not.toBe(ref.sha256);
});

it("merges an operation's capture line and its journal tree line in either order, never erasing with nulls", async () => {
  const screen = await store.putScreen(phonePng());
  const a = 'a'.repeat(64);
  const b = 'b'.repeat(64);
  const capture = {
    operation_id: 'op',
    run_id: null,
    kind: 'input' as const,
    screen_before: null,
    screen_after: screen,
    tree_before: a,
    tree_after: b,
    settled: false,
    captured_at: '2026-12-02T08:00:01.000Z',
  };
  const journal = {
    operation_id: 'op',
    run_id: null,
    screen_before: null,
    screen_after: null,
    tree_before: null,
    tree_after: b,
    settled: true,
    captured_at: '2026-12-02T08:00:00.500Z',
  };
  store.record(journal);
  store.record(capture);
  store.record(journal);
  expect(store.refs(null).get('op')).toEqual(capture);
});
