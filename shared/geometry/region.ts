// Regions `[left, top, right, bottom]` confine finger paths. They are in the action's coordinate_space and
// `right`/`bottom` are exclusive: inside means left ≤ x < right and top ≤ y < bottom. A region is well-formed
// only when left < right and top < bottom (anything else is refused, never repaired).
// A normalized region is compared with dispatched device pixels by converting its edges with the same
// normalized → pixel rule as points (exclusive edges stay exclusive), so the check is made on what is sent.
// Regions are convex, so a straight segment is inside exactly when both of its ends are.
import { normToPx, pxToNormTarget } from './convert';
import type { CoordinateSpace, ScreenSize } from './types';

/** `[left, top, right, bottom]`, right and bottom exclusive, in some coordinate space. */
export type RegionTuple = readonly [number, number, number, number];

export function isRegionWellFormed(r: RegionTuple): boolean {
  return r[0] < r[2] && r[1] < r[3];
}

export function pointInRegion(x: number, y: number, r: RegionTuple): boolean {
  return x >= r[0] && x < r[2] && y >= r[1] && y < r[3];
}

export function segmentInRegion(x0: number, y0: number, x1: number, y1: number, r: RegionTuple): boolean {
  return pointInRegion(x0, y0, r) && pointInRegion(x1, y1, r);
}

/** The region in device pixels: unchanged for `pixel`, edges converted like points for `normalized`. */
export function regionToDevice(r: RegionTuple, space: CoordinateSpace, screen: ScreenSize): RegionTuple {
  if (space === 'pixel') return r;
  return [
    normToPx(r[0], screen.width),
    normToPx(r[1], screen.height),
    normToPx(r[2], screen.width),
    normToPx(r[3], screen.height),
  ];
}

/**
 * A rectangle drawn on device pixels [left, top, right, bottom) as a region in a call's coordinate_space:
 * unchanged for `pixel`; for `normalized` each edge is the contract's nearest normalized coordinate (the one
 * pixel→normalized rounding), so the region converts back to within half a normalized unit of the drawing.
 */
export function deviceRectToRegion(
  r: RegionTuple,
  space: CoordinateSpace,
  screen: ScreenSize,
): [number, number, number, number] {
  if (space === 'pixel') return [r[0], r[1], r[2], r[3]];
  return [
    pxToNormTarget(r[0], screen.width),
    pxToNormTarget(r[1], screen.height),
    pxToNormTarget(r[2], screen.width),
    pxToNormTarget(r[3], screen.height),
  ];
}
