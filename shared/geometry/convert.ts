// Normalized ↔ device pixel conversion, per axis, and the on-screen tests.
// - normalized → pixel: px = roundHalfUp(n × (size − 1) / 1000). 0 → 0, 1000 → size − 1.
//   n × (size − 1) is an exact integer for integer n, so an exact .5 stays exact and rounds up.
// - pixel → normalized (display only, never fed back into an action): the exact inverse px × 1000 / (size − 1),
//   unrounded; a one-pixel axis maps everything to 0.
// - pixel → contract target (a device pixel written into a call's normalized `target`, or normalized list
//   bounds): pxToNormTarget, the exact inverse rounded half up to the contract's integers. It is the ONLY
//   rounding from pixels to normalized: every caller that writes a normalized coordinate goes through it.
// - on screen: device pixels 0 ≤ x < width, 0 ≤ y < height; normalized 0 ≤ n ≤ 1000 (outside is off-screen
//   even when the screen size is unknown). Nothing is ever clamped: callers refuse, they do not correct.
import { roundHalfUp } from './round';
import {
  devicePoint,
  normPoint,
  type CoordinateSpace,
  type DevicePoint,
  type DevicePx,
  type NormPoint,
  type Normalized,
  type ScreenSize,
} from './types';

export const NORMALIZED_MAX = 1000;

export function normToPx(n: number, size: number): DevicePx {
  return roundHalfUp((n * (size - 1)) / NORMALIZED_MAX) as DevicePx;
}

/** Exact (unrounded) pixel position of a normalized coordinate: for lengths and calibration anchors. */
export function normToPxExact(n: number, size: number): number {
  return (n * (size - 1)) / NORMALIZED_MAX;
}

export function pxToNorm(px: number, size: number): Normalized {
  return (size > 1 ? (px * NORMALIZED_MAX) / (size - 1) : 0) as Normalized;
}

/** The contract's integer normalized coordinate for a device pixel on one axis: roundHalfUp(px × 1000 / (size − 1)). */
export function pxToNormTarget(px: number, size: number): number {
  return roundHalfUp(pxToNorm(px, size));
}

/** A device pixel as a contract `[x, y]` normalized target (the nearest integer point, per axis). */
export function devicePointToNormTarget(p: { x: number; y: number }, screen: ScreenSize): [number, number] {
  return [pxToNormTarget(p.x, screen.width), pxToNormTarget(p.y, screen.height)];
}

export function devicePointToNorm(p: DevicePoint, screen: ScreenSize): NormPoint {
  return normPoint(pxToNorm(p.x, screen.width), pxToNorm(p.y, screen.height));
}

/** Converts one axis value given in `space` to device pixels (pixel values pass through unchanged). */
export function axisToPx(v: number, space: CoordinateSpace, size: number): DevicePx {
  return (space === 'pixel' ? v : normToPx(v, size)) as DevicePx;
}

/** A contract point `[x, y]` in `space` → device pixels. */
export function toDevicePoint(p: readonly [number, number], space: CoordinateSpace, screen: ScreenSize): DevicePoint {
  return devicePoint(axisToPx(p[0], space, screen.width), axisToPx(p[1], space, screen.height));
}

export function isNormalizedInRange(n: number): boolean {
  return n >= 0 && n <= NORMALIZED_MAX;
}

export function isOnScreen(x: number, y: number, screen: ScreenSize): boolean {
  return x >= 0 && x < screen.width && y >= 0 && y < screen.height;
}
