// How a drag ends: the finger reaches the end point and RESTS there before lifting, so the app's velocity
// tracker (Android's VelocityTracker looks at the last ~100 ms of samples) measures ~0 at the release and no
// fling or coast follows: the content stops where it was released. A fast release is what `swipe` is for.
// The rest (SETTLE_MS) is longer than that horizon with margin for a touch panel's sampling period.
import type { Keyframe } from './timeline';

export const DRAG_SETTLE_MS = 160;

/** The profile a drag is planned with; it goes into the plan and the receipt. */
export interface DragProfile {
  /** Time from the down to reaching the end point (the call's duration_ms). */
  move_ms: number;
  /** Time the finger rests on the end point before the up. */
  settle_ms: number;
  /** A short calibrated pan first leads the finger here, past the touch slop (pan-lead.ts); absent otherwise. */
  lead_px?: [number, number];
}

export const defaultDragProfile = (durationMs: number): DragProfile => ({
  move_ms: durationMs,
  settle_ms: DRAG_SETTLE_MS,
});

/**
 * Keyframes of one drag: down at `a`, straight to `b` in move_ms (through the lead point at constant speed when
 * the profile has one), held at `b` for settle_ms, then up.
 */
export function dragKeyframes(
  a: { x: number; y: number },
  b: { x: number; y: number },
  profile: DragProfile,
): Keyframe[] {
  const keys: Keyframe[] = [{ t_ms: 0, x: a.x, y: a.y }];
  if (profile.lead_px) {
    const [lx, ly] = profile.lead_px;
    const out = Math.hypot(lx - a.x, ly - a.y);
    const back = Math.hypot(b.x - lx, b.y - ly);
    keys.push({ t_ms: Math.round((profile.move_ms * out) / (out + back)), x: lx, y: ly });
  }
  keys.push({ t_ms: profile.move_ms, x: b.x, y: b.y });
  if (profile.settle_ms > 0) keys.push({ t_ms: profile.move_ms + profile.settle_ms, x: b.x, y: b.y });
  return keys;
}
