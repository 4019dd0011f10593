import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { around, placeLabels, type LabelBox } from './stage-labels';

const overlap = (a: LabelBox, b: LabelBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('stage labels', () => {
  it('no two placed labels overlap, nor what was on the stage before them, wherever their spots are', () => {
    const box = fc.record({
      x: fc.integer({ min: 0, max: 400 }),
      y: fc.integer({ min: 0, max: 400 }),
      width: fc.integer({ min: 1, max: 120 }),
      height: fc.integer({ min: 1, max: 40 }),
    });
    const request = fc.record({
      width: fc.integer({ min: 1, max: 120 }),
      height: fc.integer({ min: 1, max: 40 }),
      at: fc.array(fc.record({ x: fc.integer({ min: 0, max: 400 }), y: fc.integer({ min: 0, max: 400 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
    });
    fc.assert(
      fc.property(fc.array(request, { maxLength: 12 }), fc.array(box, { maxLength: 6 }), (requests, taken) => {
        const placed = placeLabels(requests, taken);
        expect(placed).toHaveLength(requests.length);
        placed.forEach((a, i) => {
          expect(a.width).toBe(requests[i]!.width);
          for (const t of taken) expect(overlap(a, t)).toBe(false);
          for (const b of placed.slice(i + 1)) expect(overlap(a, b)).toBe(false);
        });
      }),
    );
  });

  it('takes the first free spot in order, and keeps inside the bounds when a spot there is free', () => {
    const p = { x: 100, y: 100 };
    const [first, second] = placeLabels([
      { width: 40, height: 10, at: around(p, 40, 10, 10) },
      { width: 40, height: 10, at: around(p, 40, 10, 10) },
    ]);
    expect(first).toEqual({ x: 110, y: 105, width: 40, height: 10 });
    expect(second).toEqual({ x: 110, y: 85, width: 40, height: 10 });
    const [inside] = placeLabels(
      [
        {
          width: 40,
          height: 10,
          at: [
            { x: 0, y: -20 },
            { x: 0, y: 30 },
          ],
        },
      ],
      [],
      { x: 0, y: 0, width: 200, height: 200 },
    );
    expect(inside).toMatchObject({ x: 0, y: 30 });
  });
});
