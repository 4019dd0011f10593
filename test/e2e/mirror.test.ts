// The mirror in Debian's Chromium: the virtual device's H.264 stream decoded by WebCodecs (through the
// product's MirrorPlayer) shows the lab's pixels, and a tap injected on the scrcpy control socket changes
// them. Screenshots land in test-results/.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMirrorHarness, type MirrorHarness } from './mirror-harness';

const TIMEOUT = 90_000;
type Rect = { left: number; top: number; right: number; bottom: number };

interface PageMirror {
  mode(): string;
  figures(): { framesPainted: number; fps: number; latencyP50: number | null };
  size(): { width: number; height: number };
  regionMean(x: number, y: number, w: number, h: number): [number, number, number];
}

function labMean(h: MirrorHarness, r: Rect): [number, number, number] {
  const f = h.device.android.renderer.render();
  const sum = [0, 0, 0];
  for (let y = r.top; y < r.bottom; y++) {
    for (let x = r.left; x < r.right; x++) {
      const i = (y * f.width + x) * 4;
      for (let c = 0; c < 3; c++) sum[c]! += f.rgba[i + c]!;
    }
  }
  const n = (r.right - r.left) * (r.bottom - r.top);
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

const canvasMean = (page: Page, r: Rect) =>
  page.evaluate((r) => (window as unknown as { mirror: PageMirror }).mirror.regionMean(r.left, r.top, r.right - r.left, r.bottom - r.top), r);
/** The canvas already holds the frame; two animation frames later the compositor has presented it too. */
const nextPaint = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
const diff = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

describe('mirror in Chromium (WebCodecs) against the virtual device', () => {
  let h: MirrorHarness;
  let page: Page;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    h = await startMirrorHarness();
    page = await h.browser.newPage({ viewport: { width: 540, height: 1000 } });
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(h.url);
  }, TIMEOUT);

  afterAll(async () => {
    await h?.stop();
  }, TIMEOUT);

  it('decodes the stream, shows the lab, and follows a tap on Play', async () => {
    const m = (fn: string) => page.evaluate(`window.mirror.${fn}`);
    await expect.poll(() => m('figures().framesPainted'), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.mirror-stats').textContent(), { timeout: 5000 }).toContain('H.264');
    expect(await m('size()')).toEqual({ width: 1080, height: 2400 });

    const nodeBounds = (id: string) => h.device.android.lab.snapshot().nodes.find((n) => n.resource_id.endsWith(`:id/${id}`))!;
    const play = nodeBounds('play_pause');
    expect(play.content_desc).toBe('Play');
    const region: Rect = play.visible_bounds;

    // The button's pixels on the canvas are the lab's pixels (within H.264's error).
    const before = labMean(h, region);
    await expect.poll(async () => diff(await canvasMean(page, region), before), { timeout: 5000 }).toBeLessThan(12);
    await nextPaint(page);
    await page.screenshot({ path: 'test-results/mirror-before-tap.png' });

    // Click the button on the page: MirrorView maps the click to device pixels (shared/geometry) and the
    // harness injects it on scrcpy's control socket.
    const box = await page.evaluate('window.mirror.canvasBox()') as { x: number; y: number; width: number; height: number };
    expect(box.width / box.height).toBeCloseTo(1080 / 2400, 2); // aspect ratio kept
    const cx = (region.left + region.right) / 2;
    const cy = (region.top + region.bottom) / 2;
    await page.mouse.click(box.x + (cx * box.width) / 1080, box.y + (cy * box.height) / 2400);
    const pointers = await page.evaluate('window.mirror.pointers()') as Array<{ phase: string; point: { x: number; y: number } }>;
    expect(pointers.map((p) => p.phase)).toEqual(['down', 'up']);
    expect(Math.abs(pointers[0]!.point.x - cx)).toBeLessThanOrEqual(2);
    expect(Math.abs(pointers[0]!.point.y - cy)).toBeLessThanOrEqual(2);
    await expect.poll(() => nodeBounds('play_pause').content_desc, { timeout: 5000 }).toBe('Pause');
    const after = labMean(h, region);
    expect(diff(after, before)).toBeGreaterThan(3); // the icon really changed in the lab

    await expect.poll(async () => diff(await canvasMean(page, region), after), { timeout: 5000 }).toBeLessThan(12);
    expect(diff(await canvasMean(page, region), before)).toBeGreaterThan(3);
    await nextPaint(page);
    await page.screenshot({ path: 'test-results/mirror-after-tap.png' });
  }, TIMEOUT);
});
