// The unit space of seed 003's bridge: 0..1 on both axes, 0 the first pixel and 1 the last, like normalized
// 0..1000 scaled down. Bridge taps and swipes become normalized contract points here, once (rounding half up,
// at most half a normalized unit, as any normalized call is); bridge observations report pixel boxes here.
// Nothing is clamped: a value outside 0..1 is refused by the bridge's schema before it gets here.
import { roundHalfUp } from './round';
import { NORMALIZED_MAX } from './convert';
import type { Normalized } from './types';

export function unitToNormalized(u: number): Normalized {
  return roundHalfUp(u * NORMALIZED_MAX) as Normalized;
}

/** A pixel coordinate as a unit value: px / (size − 1), so the last pixel is 1 (a one-pixel axis is 0). */
export function pxToUnit(px: number, size: number): number {
  return size > 1 ? px / (size - 1) : 0;
}

/**
 * A box [left, top, right, bottom) in pixels (right/bottom exclusive) as the unit coordinates of its first and
 * last pixel, inclusive: every on-screen box stays within 0..1 and its centre is the centre pixel's.
 */
export function pxRectToUnit(
  rect: readonly [number, number, number, number],
  screen: { width: number; height: number },
): [number, number, number, number] {
  const [l, t, r, b] = rect;
  return [
    pxToUnit(l, screen.width),
    pxToUnit(t, screen.height),
    pxToUnit(r - 1, screen.width),
    pxToUnit(b - 1, screen.height),
  ];
}
