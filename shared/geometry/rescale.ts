// Device pixels of one screen → device pixels of another, through normalized coordinates: the one way a recorded
// pixel coordinate is carried to a screen of another size (flow replay with coordinate scaling chosen, group
// control). px' = normToPx(pxToNorm(px, from), to) per axis, so 0 → 0 and size−1 → size'−1; a pixel off the
// first screen stays off the second (nothing is clamped, the validation after it refuses).
import { normToPx, normToPxExact, pxToNorm } from './convert';
import type { DevicePx, ScreenSize } from './types';

export type Axis = 'x' | 'y';

function size(screen: ScreenSize, axis: Axis | 'short'): number {
  if (axis === 'short') return Math.min(screen.width, screen.height);
  return axis === 'x' ? screen.width : screen.height;
}

/** One integer pixel coordinate (or a pinch span, axis 'short') carried from `from` to `to`. */
export function rescalePx(px: number, axis: Axis | 'short', from: ScreenSize, to: ScreenSize): DevicePx {
  return normToPx(pxToNorm(px, size(from, axis)), size(to, axis));
}

/** The exact (unrounded) form, for calibration anchors and indicator positions, which are not dispatched as-is. */
export function rescalePxExact(px: number, axis: Axis, from: ScreenSize, to: ScreenSize): number {
  return normToPxExact(pxToNorm(px, size(from, axis)), size(to, axis));
}
