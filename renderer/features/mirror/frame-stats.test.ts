import { describe, expect, it } from 'vitest';
import { FrameStats, percentile } from './frame-stats';
import { FrameLog } from './frame-log';

describe('frame stats', () => {
  it('counts paints in the last second and takes latency percentiles', () => {
    const s = new FrameStats();
    for (let i = 0; i < 90; i++) s.recordPaint(i * 20, i % 10 === 0 ? null : i);
    const snap = s.snapshot(90 * 20);
    expect(snap.fps).toBe(50);
    expect(snap.framesPainted).toBe(90);
    expect(snap.latencyP50).toBe(45);
    expect(percentile([1, 2, 3, 4], 99)).toBe(4);
    expect(percentile([], 50)).toBeNull();
  });

  it('the frame log keeps the newest frames, oldest first', () => {
    const log = new FrameLog();
    for (let i = 0; i < 4005; i++) log.record({ source: 'stream', receivedAt: i, paintedAt: i });
    const e = log.entries();
    expect(e.length).toBe(4000);
    expect(e[0]!.paintedAt).toBe(5);
    expect(e.at(-1)!.paintedAt).toBe(4004);
  });
});

describe('picture change detection', () => {
  it('a few thumbnail pixels beyond the noise threshold are a change; encoder noise and a lone pixel are not', async () => {
    const { thumbnailsDiffer, CHANGE_THRESHOLD, CHANGED_PIXELS } = await import('./change-detector');
    const a = new Uint8ClampedArray(4 * 100).fill(200);
    const noisy = a.map((v, i) => v + ((i * 7) % (CHANGE_THRESHOLD + 1)) - CHANGE_THRESHOLD / 2);
    expect(thumbnailsDiffer(a, noisy)).toBe(false);
    const changed = new Uint8ClampedArray(a);
    for (let k = 0; k < CHANGED_PIXELS - 1; k++) changed[40 + 4 * k + 1] = 200 - CHANGE_THRESHOLD - 1;
    expect(thumbnailsDiffer(a, changed)).toBe(false);
    changed[80] = 200 + CHANGE_THRESHOLD + 1 > 255 ? 0 : 255;
    expect(thumbnailsDiffer(a, changed)).toBe(true);
    expect(thumbnailsDiffer(a, new Uint8ClampedArray(8))).toBe(true);
  });
});
