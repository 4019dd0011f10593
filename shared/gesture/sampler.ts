// Pointer strokes → timed motion events, shaped like Android MotionEvents.
// - The first finger down is `down`; later fingers are `pointer_down`; a finger lifting while others stay is
//   `pointer_up`; the last one is `up`. `pointers` lists every finger in contact, ordered by id (Android's
//   pointer index order); `action_index` is the index of the finger that went down/up (0 for moves).
//   A pointer_up event still lists the lifting finger, as Android does.
// - Moves are emitted every `periodMs` from the first down and at every keyframe time, with all fingers in
//   contact at their interpolated positions (rounded half up to device pixels). Contact is held across
//   segments: equal keyframes simply keep producing the same position, no lift in between.
// - At one instant the order is: move (fingers already down), lifts (highest index first), then downs.
import { roundHalfUp } from '../geometry';
import { MAX_PLAN_EVENTS } from './limits';
import { strokePositionAt, type PointerStroke } from './timeline';

export type MotionAction = 'down' | 'pointer_down' | 'move' | 'pointer_up' | 'up';

export interface MotionPointer {
  id: number;
  x: number;
  y: number;
}

export interface MotionEventPlan {
  t_ms: number;
  action: MotionAction;
  action_index: number;
  pointers: MotionPointer[];
}

/** One event per 16 ms ≈ a 60 Hz touch panel. */
export const DEFAULT_MOTION_PERIOD_MS = 16;

const startOf = (s: PointerStroke): number => s.keyframes[0]!.t_ms;
const endOf = (s: PointerStroke): number => s.keyframes[s.keyframes.length - 1]!.t_ms;

/** Precondition: strokes with the same id do not overlap in time; every stroke has ≥ 1 keyframe. */
export function sampleMotionEvents(
  strokes: ReadonlyArray<PointerStroke>,
  options: { periodMs?: number } = {},
): MotionEventPlan[] {
  const period = options.periodMs ?? DEFAULT_MOTION_PERIOD_MS;
  if (!(period > 0)) throw new RangeError(`periodMs must be positive, got ${period}`);
  const events: MotionEventPlan[] = [];
  if (strokes.length === 0) return events;

  let first = Infinity;
  let last = -Infinity;
  const times = new Set<number>();
  for (const s of strokes) {
    first = Math.min(first, startOf(s));
    last = Math.max(last, endOf(s));
    for (const k of s.keyframes) times.add(k.t_ms);
  }
  // The planner's budget keeps real plans far below this; a direct caller gets a RangeError, not an OOM.
  if ((last - first) / period > MAX_PLAN_EVENTS)
    throw new RangeError(`strokes span ${last - first} ms: over ${MAX_PLAN_EVENTS} motion events`);
  for (let t = first; t < last; t += period) times.add(t);
  const ordered = [...times].sort((a, b) => a - b);

  const active: PointerStroke[] = []; // in contact, ordered by id
  const pos = { x: 0, y: 0 };
  const snapshot = (t: number): MotionPointer[] =>
    active.map((s) => {
      strokePositionAt(s, t, pos);
      return { id: s.id, x: roundHalfUp(pos.x), y: roundHalfUp(pos.y) };
    });
  const lift = (t: number, s: PointerStroke): void => {
    const index = active.indexOf(s);
    events.push({
      t_ms: t,
      action: active.length > 1 ? 'pointer_up' : 'up',
      action_index: index,
      pointers: snapshot(t),
    });
    active.splice(index, 1);
  };

  for (const t of ordered) {
    if (active.length > 0) events.push({ t_ms: t, action: 'move', action_index: 0, pointers: snapshot(t) });
    const ending = active.filter((s) => endOf(s) === t).sort((a, b) => active.indexOf(b) - active.indexOf(a));
    for (const s of ending) lift(t, s);
    for (const s of strokes) {
      if (startOf(s) !== t) continue;
      let index = 0;
      while (index < active.length && active[index]!.id < s.id) index++;
      active.splice(index, 0, s);
      events.push({
        t_ms: t,
        action: active.length > 1 ? 'pointer_down' : 'down',
        action_index: index,
        pointers: snapshot(t),
      });
      if (endOf(s) === t) lift(t, s); // a stroke of a single instant
    }
  }
  return events;
}
