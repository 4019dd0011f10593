import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roundHalfUp } from './round';
import {
  devicePointToNormTarget,
  isNormalizedInRange,
  isOnScreen,
  normToPx,
  normToPxExact,
  pxToNorm,
  pxToNormTarget,
  toDevicePoint,
} from './convert';

describe('roundHalfUp', () => {
  it('rounds exact halves towards +infinity', () => {
    expect([2.5, 3.5, -2.5, -0.5, 0.5].map(roundHalfUp)).toEqual([3, 4, -2, 0, 1]);
  });
  it('does not misround the largest double below one half', () => {
    expect(roundHalfUp(0.49999999999999994)).toBe(0);
    expect(Math.floor(0.49999999999999994 + 0.5)).toBe(1); // the naive form this replaces
  });
  it('is within half a unit and an integer', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (v) => {
        const r = roundHalfUp(v);
        return Number.isInteger(r) && r - v <= 0.5 && v - r < 0.5;
      }),
    );
  });
});

describe('normalized -> pixel', () => {
  it('follows px = round(n * (size - 1) / 1000), half up', () => {
    expect(normToPx(0, 1080)).toBe(0);
    expect(normToPx(1000, 1080)).toBe(1079);
    expect(normToPx(500, 1080)).toBe(540); // 539.5 rounds up
    expect(normToPx(500, 2400)).toBe(1200); // 1199.5 rounds up
    expect(normToPx(1, 1080)).toBe(1); // 1.079
    expect(normToPx(999, 2400)).toBe(2397); // 2396.601
    expect(normToPx(500, 1)).toBe(0);
    expect(normToPxExact(900, 1080)).toBeCloseTo(971.1, 12);
  });
  it('reports off-screen normalized values as off-screen pixels, unclamped', () => {
    expect(normToPx(-1, 1080)).toBe(-1);
    expect(normToPx(1001, 1080)).toBe(1080);
    expect(isNormalizedInRange(-1)).toBe(false);
    expect(isNormalizedInRange(1001)).toBe(false);
    expect(isNormalizedInRange(0) && isNormalizedInRange(1000)).toBe(true);
  });
  it('always lands on screen for n in 0..1000 and any size >= 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 20000 }), (n, size) => {
        const px = normToPx(n, size);
        return Number.isInteger(px) && px >= 0 && px < size;
      }),
    );
  });
  it('is monotone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2000, max: 2999 }),
        fc.integer({ min: 1, max: 20000 }),
        (n, size) => normToPx(n, size) <= normToPx(n + 1, size),
      ),
    );
  });
  it('converts contract points per space', () => {
    expect(toDevicePoint([500, 500], 'normalized', { width: 1080, height: 2400 })).toEqual({ x: 540, y: 1200 });
    expect(toDevicePoint([500, 500], 'pixel', { width: 1080, height: 2400 })).toEqual({ x: 500, y: 500 });
  });
});

describe('pixel -> normalized (display)', () => {
  it('is the exact inverse: pixel round-trips for every on-screen pixel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20000 }), fc.nat(), (size, k) => {
        const px = k % size;
        return normToPx(pxToNorm(px, size), size) === px;
      }),
    );
  });
  it('round-trips normalized integers within half a pixel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 2, max: 20000 }), (n, size) => {
        const back = pxToNorm(normToPx(n, size), size);
        return Math.abs(back - n) <= (0.5 * 1000) / (size - 1) + 1e-9;
      }),
    );
  });
  it('maps a one-pixel axis to 0', () => {
    expect(pxToNorm(0, 1)).toBe(0);
  });
});

describe('pixel -> contract target (pxToNormTarget)', () => {
  it('rounds the exact inverse half up to the contract integers', () => {
    expect(pxToNormTarget(539, 1080)).toBe(500); // 499.536…
    expect(pxToNormTarget(1079, 1080)).toBe(1000);
    expect(pxToNormTarget(0, 2400)).toBe(0);
    expect(pxToNormTarget(1199.5, 2400)).toBe(500); // exactly 500
    expect(devicePointToNormTarget({ x: 113, y: 315 }, { width: 1080, height: 2400 })).toEqual([105, 131]);
  });
  it('lands back on the same pixel whenever the axis has at most 1001 pixels (one pixel per contract unit)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1001 }), fc.nat(), (size, k) => {
        const px = k % size;
        return normToPx(pxToNormTarget(px, size), size) === px;
      }),
    );
  });
  it('lands within half a contract unit of the pixel on any axis', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20000 }), fc.nat(), (size, k) => {
        const px = k % size;
        const n = pxToNormTarget(px, size);
        return Number.isInteger(n) && Math.abs(n - pxToNorm(px, size)) <= 0.5;
      }),
    );
  });
});

describe('isOnScreen', () => {
  const screen = { width: 1080, height: 2400 };
  it('accepts 0 <= x < width, 0 <= y < height only', () => {
    expect(isOnScreen(0, 0, screen)).toBe(true);
    expect(isOnScreen(1079, 2399, screen)).toBe(true);
    expect(isOnScreen(1080, 0, screen)).toBe(false);
    expect(isOnScreen(0, 2400, screen)).toBe(false);
    expect(isOnScreen(-1, 5, screen)).toBe(false);
  });
});
