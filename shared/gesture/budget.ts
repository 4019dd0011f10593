// The planning budget: before a plan allocates anything, the motion events a call will send are counted from
// its arguments alone (arithmetic, no arrays), and a call over the budget is refused with PLAN_TOO_LARGE.
// The schema bounds (shared/actions/bounds.ts) keep every single tool far below it; the budget is what stops a
// long sequence of long gestures, and any call that reaches the planner without the schema (a caller's own
// ActionCall), from exhausting memory. The estimate is an upper bound of what the sampler emits: a move every
// DEFAULT_MOTION_PERIOD_MS over the contact, one per keyframe time, and a down and an up per stroke.
import type { ActionCall, Step } from '../actions';
import { PINCH_SAMPLE_MS } from '../geometry/pinch';
import { tactileError, type TactileError } from '../errors';
import { DEFAULT_MOTION_PERIOD_MS } from './sampler';
import { TAP_MS } from './contacts';
import { MAX_PLAN_EVENTS } from './limits';

export { MAX_PLAN_EVENTS };

/** Events of strokes that span `spanMs` with `keyframes` keyframes in all and `strokes` contacts. */
function contact(spanMs: number, keyframes: number, strokes: number): number {
  return Math.ceil(Math.max(0, spanMs) / DEFAULT_MOTION_PERIOD_MS) + 1 + keyframes + 2 * strokes;
}

const tapEvents = (taps: number): number => taps * contact(TAP_MS, 2, 1);

function pinchEvents(durationMs: number): number {
  const samples = Math.floor((durationMs - 1) / PINCH_SAMPLE_MS) + 2;
  return contact(durationMs, 2 * samples, 2);
}

function stepEvents(step: Step): number {
  switch (step.action) {
    case 'click':
      return tapEvents(step.times);
    case 'ensure_visible':
      return tapEvents(1);
    case 'drag':
      return contact(step.duration_ms, 2, 1);
    case 'pinch':
      return pinchEvents(step.duration_ms);
    case 'touch_gesture':
      return touchEvents(step.frames);
    default:
      return 0;
  }
}

function touchEvents(frames: ReadonlyArray<{ at_ms: number; points: readonly unknown[] }>): number {
  const fingers = frames[0]?.points.length ?? 0;
  return contact(frames[frames.length - 1]?.at_ms ?? 0, frames.length * fingers, fingers);
}

/** Upper bound of the motion events `call` plans; NaN-free for any numbers a caller passes. */
export function plannedEvents(call: ActionCall): number {
  switch (call.tool) {
    case 'action_sequence':
      return call.args.steps.reduce((n, s) => n + stepEvents(s), 0);
    case 'click':
      return tapEvents(call.args.times);
    case 'click_sequence':
      return tapEvents(call.args.sequence.length);
    case 'focus_and_clear_text':
      return tapEvents(1);
    case 'input_text':
      return call.args.target ? tapEvents(1) : 0;
    case 'long_press':
    case 'swipe':
    case 'drag':
      return contact(call.args.duration_ms, 2, 1);
    case 'pinch':
      return pinchEvents(call.args.duration_ms);
    case 'touch_gesture':
      return touchEvents(call.args.frames);
    default:
      return 0;
  }
}

/** PLAN_TOO_LARGE when `call` would plan more than `max` events, else null. */
export function checkPlanBudget(call: ActionCall, max: number = MAX_PLAN_EVENTS): TactileError | null {
  const events = plannedEvents(call);
  if (events <= max) return null;
  return tactileError(
    'PLAN_TOO_LARGE',
    ['args'],
    `The call would send about ${events} motion events, over the planning budget of ${max}; split it into shorter calls.`,
  );
}
