// Pointer timelines: one continuous contact per stroke, in device pixels.
// A stroke goes down at its first keyframe, follows straight lines between keyframes and lifts at its last
// one; a later keyframe at the same point holds contact. Several strokes may share a pointer id as long as they
// do not overlap in time (repeated taps of one finger).
import { axisToPx, type CoordinateSpace, type ScreenSize } from '../geometry';

export interface Keyframe {
  t_ms: number;
  x: number;
  y: number;
}

export interface PointerStroke {
  id: number;
  keyframes: Keyframe[];
}

/** touch_gesture frames (fixed finger order, same count in every frame) → one stroke per finger. */
export function framesToStrokes(
  frames: ReadonlyArray<{ readonly at_ms: number; readonly points: ReadonlyArray<readonly [number, number]> }>,
  space: CoordinateSpace,
  screen: ScreenSize,
): PointerStroke[] {
  const fingers = frames[0]?.points.length ?? 0;
  const strokes: PointerStroke[] = [];
  for (let id = 0; id < fingers; id++) {
    const keyframes: Keyframe[] = new Array(frames.length);
    for (let i = 0; i < frames.length; i++) {
      const frame = frames[i]!;
      const p = frame.points[id]!;
      keyframes[i] = {
        t_ms: frame.at_ms,
        x: axisToPx(p[0], space, screen.width),
        y: axisToPx(p[1], space, screen.height),
      };
    }
    strokes.push({ id, keyframes });
  }
  return strokes;
}

/** Position of a stroke at time t (precondition: first ≤ t ≤ last keyframe time), linear, unrounded. */
export function strokePositionAt(stroke: PointerStroke, t: number, out: { x: number; y: number }): void {
  const k = stroke.keyframes;
  let i = 1;
  while (i < k.length - 1 && k[i]!.t_ms < t) i++;
  const a = k[i - 1] ?? k[0]!;
  const b = k[i] ?? a;
  const span = b.t_ms - a.t_ms;
  const f = span > 0 ? (t - a.t_ms) / span : 1;
  out.x = a.x + (b.x - a.x) * f;
  out.y = a.y + (b.y - a.y) * f;
}
