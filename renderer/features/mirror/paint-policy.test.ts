import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shouldPaint, VSYNC_MS } from './paint-policy';

describe('shouldPaint', () => {
  it('always paints the newest decoded frame', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (since) => shouldPaint(0, since)));
  });

  it('skips a frame with a newer one behind it only within the vsync of the last paint', () => {
    expect(shouldPaint(1, 2)).toBe(false);
    expect(shouldPaint(3, VSYNC_MS - 0.1)).toBe(false);
    expect(shouldPaint(1, VSYNC_MS)).toBe(true);
    expect(shouldPaint(2, Infinity)).toBe(true); // the first frame
  });
});
