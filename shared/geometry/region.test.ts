import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRegionWellFormed, pointInRegion, regionToDevice, segmentInRegion } from './region';
import { normToPx } from './convert';

describe('regions', () => {
  const r = [100, 200, 300, 400] as const;
  it('includes left/top and excludes right/bottom', () => {
    expect(pointInRegion(100, 200, r)).toBe(true);
    expect(pointInRegion(299, 399, r)).toBe(true);
    expect(pointInRegion(300, 250, r)).toBe(false);
    expect(pointInRegion(150, 400, r)).toBe(false);
    expect(pointInRegion(99, 250, r)).toBe(false);
  });
  it('is well-formed only with positive width and height', () => {
    expect(isRegionWellFormed(r)).toBe(true);
    expect(isRegionWellFormed([100, 200, 100, 400])).toBe(false);
    expect(isRegionWellFormed([100, 400, 300, 200])).toBe(false);
  });
  it('contains a segment exactly when it contains both ends', () => {
    expect(segmentInRegion(100, 200, 299, 399, r)).toBe(true);
    expect(segmentInRegion(100, 200, 300, 399, r)).toBe(false);
  });
  it('converts normalized edges with the point rule, pixel regions unchanged', () => {
    const screen = { width: 1080, height: 2400 };
    expect(regionToDevice([0, 0, 1000, 500], 'normalized', screen)).toEqual([0, 0, 1079, 1200]);
    expect(regionToDevice(r, 'pixel', screen)).toBe(r);
  });
  it('keeps a normalized point inside when its pixel is inside (screens of at least 1001 px)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1001, max: 20000 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (size, a, b, n) => {
          const [l, rr] = a < b ? [a, b] : [b - 1, a + 1];
          const inside = n >= l && n < rr;
          const px = normToPx(n, size);
          const pxInside = px >= normToPx(l, size) && px < normToPx(rr, size);
          return inside === pxInside;
        },
      ),
    );
  });
});
