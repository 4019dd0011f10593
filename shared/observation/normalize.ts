// Observed pixel bounds → 0..1000 list bounds, through shared/geometry's pixel→normalized rounding (pxToNormTarget)
// (0 ↔ pixel 0, 1000 ↔ the last pixel, size − 1). Android's right/bottom edges are exclusive, so the
// last covered pixel (edge − 1) is what is mapped: a full-screen node reads [0, 0, 1000, 1000].
import { pxToNormTarget } from '../geometry';
import type { NormalizedRect, PixelRect, ScreenSize } from './observed-node';

const lastCovered = (start: number, end: number) => (end > start ? end - 1 : end);

/** Lossy by design (display only): never convert the result back to pixels. Off-screen bounds are not clamped. */
export function normalizeRect(rect: PixelRect, screen: ScreenSize): NormalizedRect {
  const [l, t, r, b] = rect;
  return [
    pxToNormTarget(l, screen.width),
    pxToNormTarget(t, screen.height),
    pxToNormTarget(lastCovered(l, r), screen.width),
    pxToNormTarget(lastCovered(t, b), screen.height),
  ];
}
