// Region algebra for occlusion: a region is a union of pixel rects [l,t,r,b] (r, b exclusive). Results are
// returned in one canonical form so Java and TypeScript report identical rect lists: cut the plane at every
// distinct x and y edge of the operands, keep the cells inside the result, merge each row's cells into
// maximal x runs, merge vertically adjacent rows with identical runs, then sort by (top, left).
// Hand-written: no maintained JS library does integer rect-set algebra with a specified canonical output.
import type { PxRect } from './device-state';

export type Region = PxRect[];

const isEmpty = ([l, t, r, b]: PxRect): boolean => r <= l || b <= t;
const contains = ([l, t, r, b]: PxRect, x: number, y: number): boolean => x >= l && x < r && y >= t && y < b;

function edges(rects: Region, lo: 0 | 1, hi: 2 | 3): number[] {
  const set = new Set<number>();
  for (const rect of rects) {
    set.add(rect[lo]);
    set.add(rect[hi]);
  }
  return [...set].sort((a, b) => a - b);
}

/** Canonical form of the cells of the plane (cut at the given rects' edges) for which `inside` holds. */
function canonical(cutBy: Region, inside: (x: number, y: number) => boolean): Region {
  const xs = edges(cutBy, 0, 2);
  const ys = edges(cutBy, 1, 3);
  const out: Region = [];
  let open: Region = []; // rects of the previous row still growing downwards
  for (let j = 0; j + 1 < ys.length; j++) {
    const top = ys[j] as number;
    const bottom = ys[j + 1] as number;
    const runs: Array<[number, number]> = [];
    for (let i = 0; i + 1 < xs.length; i++) {
      const left = xs[i] as number;
      const right = xs[i + 1] as number;
      if (!inside(left, top)) continue;
      const last = runs[runs.length - 1];
      if (last && last[1] === left) last[1] = right;
      else runs.push([left, right]);
    }
    const sameAsOpen =
      open.length === runs.length &&
      open.every((rect, k) => rect[0] === runs[k]?.[0] && rect[2] === runs[k]?.[1] && rect[3] === top);
    if (sameAsOpen) {
      for (const rect of open) rect[3] = bottom;
    } else {
      out.push(...open);
      open = runs.map(([l, r]) => [l, top, r, bottom]);
    }
  }
  out.push(...open);
  return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Canonical form of the union of the rects. */
export function union(region: Region): Region {
  const rects = region.filter((r) => !isEmpty(r));
  return canonical(rects, (x, y) => rects.some((r) => contains(r, x, y)));
}

/** Canonical form of (A ∩ B). */
export function intersect(a: Region, b: Region): Region {
  const ra = a.filter((r) => !isEmpty(r));
  const rb = b.filter((r) => !isEmpty(r));
  return canonical([...ra, ...rb], (x, y) => ra.some((r) => contains(r, x, y)) && rb.some((r) => contains(r, x, y)));
}

/** Canonical form of (A − B). */
export function subtract(a: Region, b: Region): Region {
  const ra = a.filter((r) => !isEmpty(r));
  const rb = b.filter((r) => !isEmpty(r));
  return canonical([...ra, ...rb], (x, y) => ra.some((r) => contains(r, x, y)) && !rb.some((r) => contains(r, x, y)));
}

/** Area of a region whose rects do not overlap (every result of this module). */
export function area(region: Region): number {
  return region.reduce((sum, [l, t, r, b]) => sum + (r - l) * (b - t), 0);
}
