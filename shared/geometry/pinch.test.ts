// Golden pinch cases: expected finger pixels worked out by hand from the formula in pinch.ts.
// Screen 1080×2400, centre [500,500] normalized → (540, 1200) (539.5 and 1199.5 round up);
// start_span 200 → 200 × 1080 / 1000 = 216 px (half 108); end_span 400 → 432 px (half 216).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pinchFingersAt, pinchSampleCount, pinchSampleTime, pinchSpanToPx, pxToPinchSpan, type PinchPx } from './pinch';
import { cosDeg, sinDeg } from './angle';
import { normToPx } from './convert';

const screen = { width: 1080, height: 2400 };
const pinch = (angleDeg: number, rotationDeg = 0): PinchPx => ({
  cx: normToPx(500, screen.width),
  cy: normToPx(500, screen.height),
  startSpanPx: pinchSpanToPx(200, 'normalized', screen),
  endSpanPx: pinchSpanToPx(400, 'normalized', screen),
  angleDeg,
  rotationDeg,
  durationMs: 800,
});
const at = (p: PinchPx, t: number): number[] => {
  const out = [0, 0, 0, 0];
  pinchFingersAt(p, t, out);
  return out;
};

describe('pinch golden cases (1080x2400, centre [500,500], spans 200 -> 400)', () => {
  it('measures normalized spans against the short edge, pixel spans as given', () => {
    expect(pinchSpanToPx(200, 'normalized', screen)).toBe(216);
    expect(pinchSpanToPx(200, 'normalized', { width: 2400, height: 1080 })).toBe(216);
    expect(pinchSpanToPx(200, 'pixel', screen)).toBe(200);
  });
  it('angle 0: fingers on the horizontal line', () => {
    expect(at(pinch(0), 0)).toEqual([432, 1200, 648, 1200]);
    expect(at(pinch(0), 400)).toEqual([378, 1200, 702, 1200]); // span 324, half 162
    expect(at(pinch(0), 800)).toEqual([324, 1200, 756, 1200]);
  });
  it('angle 45: clockwise on screen means down-right for finger 1', () => {
    // 108·√2/2 = 76.37 → (463.63, 1123.63) (616.37, 1276.37); 216·√2/2 = 152.74
    expect(at(pinch(45), 0)).toEqual([464, 1124, 616, 1276]);
    expect(at(pinch(45), 800)).toEqual([387, 1047, 693, 1353]);
  });
  it('angle 90: fingers on the vertical line, finger 1 below', () => {
    expect(at(pinch(90), 0)).toEqual([540, 1092, 540, 1308]);
    expect(at(pinch(90), 800)).toEqual([540, 984, 540, 1416]);
  });
  it('rotation 90 from angle 0: span and angle interpolate together', () => {
    expect(at(pinch(0, 90), 0)).toEqual([432, 1200, 648, 1200]);
    // t = 400: span 324 (half 162), θ = 45°: 162·√2/2 = 114.55 → (425.45, 1085.45) (654.55, 1314.55)
    expect(at(pinch(0, 90), 400)).toEqual([425, 1085, 655, 1315]);
    expect(at(pinch(0, 90), 800)).toEqual([540, 984, 540, 1416]);
  });
  it('rounds exact halves up at multiples of 30 degrees (no trig noise)', () => {
    const p = { cx: 540, cy: 1200, startSpanPx: 2, endSpanPx: 2, angleDeg: 60, rotationDeg: 0, durationMs: 1 };
    expect(at(p, 0)).toEqual([540, 1199, 541, 1201]); // 539.5 → 540, 540.5 → 541
    expect(at({ ...p, angleDeg: 120 }, 0)).toEqual([541, 1199, 540, 1201]); // 540.5 → 541, 539.5 → 540
    expect(at({ ...p, angleDeg: -240 }, 0)).toEqual([541, 1199, 540, 1201]);
  });
  it('samples every 16 ms and at the end', () => {
    expect(pinchSampleCount(800)).toBe(51);
    expect(pinchSampleTime(1, 800)).toBe(16);
    expect(pinchSampleTime(50, 800)).toBe(800);
    expect(pinchSampleCount(801)).toBe(52);
    expect(pinchSampleTime(51, 801)).toBe(801);
    expect(pinchSampleCount(1)).toBe(2);
  });
});

describe('pinch properties', () => {
  it('keeps the centre between the fingers and the span to within rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20000 }),
        fc.integer({ min: 1, max: 20000 }),
        fc.double({ min: -360, max: 360, noNaN: true }),
        fc.double({ min: -360, max: 360, noNaN: true }),
        fc.integer({ min: 1, max: 10000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (s0, s1, angleDeg, rotationDeg, durationMs, f) => {
          const p = { cx: 5000, cy: 5000, startSpanPx: s0, endSpanPx: s1, angleDeg, rotationDeg, durationMs };
          const t = Math.round(f * durationMs);
          const o = at(p, t);
          const span = Math.hypot(o[2]! - o[0]!, o[3]! - o[1]!);
          const expected = s0 + ((s1 - s0) * t) / durationMs;
          return Math.abs(span - expected) <= Math.SQRT2 + 1e-9 && Math.abs(o[0]! + o[2]! - 10000) <= 1;
        },
      ),
    );
  });
  it('agrees with Math.cos / Math.sin off the exact table', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -720, max: 720, noNaN: true }),
        (d) =>
          Math.abs(cosDeg(d) - Math.cos((d * Math.PI) / 180)) < 1e-12 &&
          Math.abs(sinDeg(d) - Math.sin((d * Math.PI) / 180)) < 1e-12,
      ),
    );
  });
  it('pxToPinchSpan inverts pinchSpanToPx to the contract integer (normalized against the short edge)', () => {
    const tall = { width: 1080, height: 2400 };
    expect(pxToPinchSpan(540, 'normalized', tall)).toBe(500);
    expect(pxToPinchSpan(540.4, 'pixel', tall)).toBe(540);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20000 }),
        (n) => pxToPinchSpan(pinchSpanToPx(n, 'normalized', tall), 'normalized', tall) === n,
      ),
    );
  });
});
