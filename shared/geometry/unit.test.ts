import { describe, expect, it } from 'vitest';
import { normToPx } from './convert';
import { pxRectToUnit, pxToUnit, unitToNormalized } from './unit';

describe('unit space (seed 003 bridge)', () => {
  it('maps 0 and 1 to the first and last normalized unit and rounds half up', () => {
    expect(unitToNormalized(0)).toBe(0);
    expect(unitToNormalized(1)).toBe(1000);
    expect(unitToNormalized(0.5)).toBe(500);
    expect(unitToNormalized(0.0005)).toBe(1);
    expect(unitToNormalized(0.00049)).toBe(0);
  });

  it('a pixel box becomes inclusive unit edges whose centre lands back on the centre pixel', () => {
    const screen = { width: 1080, height: 2400 };
    const box = pxRectToUnit([100, 200, 301, 401], screen);
    expect(box[2]).toBeLessThanOrEqual(1);
    const cx = (box[0] + box[2]) / 2;
    expect(normToPx(unitToNormalized(cx), screen.width)).toBe(200);
    expect(pxRectToUnit([0, 0, 1080, 2400], screen)).toEqual([0, 0, 1, 1]);
    expect(pxToUnit(5, 1)).toBe(0);
  });
});
