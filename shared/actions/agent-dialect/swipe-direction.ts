// Directional swipes of the agent dialect → exact start/end points. 001 asks for "safe swipe vectors",
// "~40% visual overlap" and "adaptive duration" without numbers; these are Tactile's choices:
// - the finger travels 60% of the scope's extent along the axis (40% of the content stays in view),
//   centred in the scope, so it never starts on an edge rail;
// - duration grows with travel at 0.75 normalized units per ms (a full-screen swipe takes 800 ms, the
//   dialect's default), at least 300 ms, slow enough not to fling.
import type { Point, Rect } from '../primitives';

export const SWIPE_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type SwipeDirection = (typeof SWIPE_DIRECTIONS)[number];

const TRAVEL_FRACTION = 0.6;
const UNITS_PER_MS = 0.75;
const MIN_DURATION_MS = 300;

export interface DirectionalSwipe {
  start: Point;
  end: Point;
  duration_ms: number;
}

/** 'up' drags bottom-to-top (reveals content below), 'left' drags right-to-left; the others mirror them. */
export function directionalSwipe(direction: SwipeDirection, scope: Rect): DirectionalSwipe {
  const [l, t, r, b] = scope;
  const cx = Math.floor((l + r) / 2);
  const cy = Math.floor((t + b) / 2);
  const vertical = direction === 'up' || direction === 'down';
  const half = Math.round(((vertical ? b - t : r - l) * TRAVEL_FRACTION) / 2);
  const sign = direction === 'up' || direction === 'left' ? 1 : -1;
  const start: Point = vertical ? [cx, cy + sign * half] : [cx + sign * half, cy];
  const end: Point = vertical ? [cx, cy - sign * half] : [cx - sign * half, cy];
  return { start, end, duration_ms: Math.max(MIN_DURATION_MS, Math.round((2 * half) / UNITS_PER_MS)) };
}
