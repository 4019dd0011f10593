import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { segmentsIntersect } from './segment';

describe('segmentsIntersect (closed)', () => {
  it('detects a proper crossing', () => {
    expect(segmentsIntersect(0, 0, 10, 10, 0, 10, 10, 0)).toBe(true);
  });
  it('ignores parallel and disjoint segments', () => {
    expect(segmentsIntersect(0, 0, 10, 0, 0, 1, 10, 1)).toBe(false);
    expect(segmentsIntersect(0, 0, 4, 4, 5, 5, 9, 9)).toBe(false);
    expect(segmentsIntersect(0, 0, 10, 0, 11, -5, 11, 5)).toBe(false);
  });
  it('counts touching ends and collinear overlap', () => {
    expect(segmentsIntersect(0, 0, 10, 0, 10, 0, 20, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 10, 0, 5, 0, 20, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 10, 0, 5, 0, 5, 7)).toBe(true);
  });
  it('treats a held finger as a point', () => {
    expect(segmentsIntersect(0, 0, 10, 0, 4, 0, 4, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 10, 0, 4, 1, 4, 1)).toBe(false);
    expect(segmentsIntersect(3, 3, 3, 3, 4, 4, 4, 4)).toBe(false);
    expect(segmentsIntersect(3, 3, 3, 3, 3, 3, 3, 3)).toBe(true);
  });
  it('is symmetric', () => {
    const c = fc.integer({ min: -50, max: 50 });
    fc.assert(
      fc.property(c, c, c, c, c, c, c, c, (a, b, cc, d, e, f, g, h) => {
        const x = segmentsIntersect(a, b, cc, d, e, f, g, h);
        return x === segmentsIntersect(e, f, g, h, a, b, cc, d) && x === segmentsIntersect(cc, d, a, b, g, h, e, f);
      }),
    );
  });
});
