import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PxRect } from './device-state';
import { area, intersect, subtract, union, type Region } from './regions';

const rect = fc
  .tuple(
    fc.integer({ min: 0, max: 12 }),
    fc.integer({ min: 0, max: 12 }),
    fc.integer({ min: 0, max: 6 }),
    fc.integer({ min: 0, max: 6 }),
  )
  .map(([l, t, w, h]): PxRect => [l, t, l + w, t + h]);
const region = fc.array(rect, { maxLength: 5 });

/** The set of unit pixels of a region, by brute force: the oracle for the band algebra. */
function pixels(r: Region): Set<string> {
  const set = new Set<string>();
  for (const [l, t, rr, b] of r) for (let x = l; x < rr; x++) for (let y = t; y < b; y++) set.add(`${x},${y}`);
  return set;
}
const disjoint = (r: Region) => area(r) === pixels(r).size;

describe('region algebra', () => {
  it('subtract, intersect and union cover exactly the right pixels, without overlaps', () => {
    fc.assert(
      fc.property(region, region, (a, b) => {
        const pa = pixels(a);
        const pb = pixels(b);
        expect(pixels(subtract(a, b))).toEqual(new Set([...pa].filter((p) => !pb.has(p))));
        expect(pixels(intersect(a, b))).toEqual(new Set([...pa].filter((p) => pb.has(p))));
        expect(pixels(union(a))).toEqual(pa);
        for (const r of [subtract(a, b), intersect(a, b), union(a)]) expect(disjoint(r)).toBe(true);
      }),
    );
  });

  it('is canonical: the same pixel set always gives the same rect list', () => {
    fc.assert(
      fc.property(region, (a) => {
        const once = union(a);
        expect(union(once)).toEqual(once);
        expect(union([...a].reverse())).toEqual(once);
      }),
    );
  });

  it('merges rows only when their whole run lists match, and sorts by top, then left', () => {
    expect(
      union([
        [0, 0, 10, 5],
        [0, 5, 10, 10],
        [20, 20, 30, 30],
      ]),
    ).toEqual([
      [0, 0, 10, 10],
      [20, 20, 30, 30],
    ]);
    expect(
      union([
        [0, 0, 10, 5],
        [0, 5, 10, 10],
        [20, 0, 30, 3],
      ]),
    ).toEqual([
      [0, 0, 10, 3],
      [20, 0, 30, 3],
      [0, 3, 10, 10],
    ]);
    expect(subtract([[0, 0, 10, 10]], [[3, 3, 6, 6]])).toEqual([
      [0, 0, 10, 3],
      [0, 3, 3, 6],
      [6, 3, 10, 6],
      [0, 6, 10, 10],
    ]);
  });
});
