// Dispatch plans: what each tool call sends as touch input, in device pixels, after semantic validation
// against the screen (a call that fails it is never planned). Times are milliseconds from the start of the
// call (each sequence member has its own clock: members run one after another, with verification between).
// - tap (click, click_sequence, focus_and_clear_text, input_text with a target, sequence click member):
//   down and up at the same point, TAP_MS apart; repeated taps leave `delay_ms` between one up and the next down.
// - long_press: down at 0, up at duration_ms. swipe: start at 0, end at duration_ms (a fast release may fling).
// - drag: start at 0, end point at duration_ms, then the finger rests there DRAG_SETTLE_MS before lifting
//   (drag-profile.ts), so the app sees no release velocity; the plan carries that `drag_profile`. A calibrated
//   pan shorter than any touch slop first leads past it (pan-lead.ts), so the app scrolls at all.
// - pinch: both fingers every PINCH_SAMPLE_MS and at duration_ms. touch_gesture: one keyframe per frame.
// - A sequence click member whose target is a resource id, and an ensure_visible member (whose opener is tapped
//   only if the panel is absent), need the live UI: they are planned with no pointers and a `target` marker.
// - Tools without touch input plan `pointers: []`; action_sequence plans `members`, one per step.
// - Before any of it, the event budget (budget.ts): over MAX_PLAN_EVENTS motion events is PLAN_TOO_LARGE.
import type {
  ActionCall,
  ClickStep,
  DragCalibration,
  PinchStep,
  Step,
  AnyToolName,
  TouchGestureStep,
} from '../actions';
import {
  computeCalibration,
  pinchFingersAt,
  pinchSampleCount,
  pinchSampleTime,
  regionToDevice,
  resolvePinch,
  toDevicePoint,
  type CoordinateSpace,
  type RegionTuple,
  type ScreenSize,
} from '../geometry';
import type { TactileError } from '../errors';
import { checkSemantics } from '../validation/semantic';
import { checkPlanBudget } from './budget';
import { TAP_MS, tapStroke } from './contacts';
import { defaultDragProfile, dragKeyframes, type DragProfile } from './drag-profile';
import { panLeadPoint } from './pan-lead';
import { framesToStrokes, type Keyframe, type PointerStroke } from './timeline';

export type PlanKind = AnyToolName | 'wait' | 'ensure_visible';

export interface CalibrationPlan {
  end_px: [number, number];
  value_per_px: number;
  rounding_error: number;
  allowed_px_error: number | null;
}

export interface DispatchPlan {
  tool: PlanKind;
  pointers: PointerStroke[];
  calibration?: CalibrationPlan;
  /** drag: how the finger moves and rests before lifting. */
  drag_profile?: DragProfile;
  /** Resolved against the live UI at execution time; no pointers are planned. */
  target?: { resource_id: string };
  members?: DispatchPlan[];
}

export type PlanResult = { ok: true; plan: DispatchPlan } | { ok: false; errors: TactileError[] };

export function planToolCall(call: ActionCall, screen: ScreenSize): PlanResult {
  // The burst limit is the caller's policy (validateToolCall); geometry is re-checked here on this screen.
  // The event budget first: it reads only the arguments, so an oversized call allocates nothing.
  const tooLarge = checkPlanBudget(call);
  if (tooLarge !== null) return { ok: false, errors: [tooLarge] };
  const errors = checkSemantics(call, { screen, maxBurstActions: Number.POSITIVE_INFINITY });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, plan: planCall(call, screen) };
}

/**
 * Plans a call validateToolCall already passed on this same screen (prepareCall): the event budget, then the
 * plan, without planToolCall's second pass of the semantic checks, which could find nothing new (they ran on
 * this screen with a burst limit no looser than planToolCall's) and cost a gesture editor's pointer move a
 * full walk of every keyframe again.
 */
export function planValidatedCall(call: ActionCall, screen: ScreenSize): PlanResult {
  const tooLarge = checkPlanBudget(call);
  if (tooLarge !== null) return { ok: false, errors: [tooLarge] };
  return { ok: true, plan: planCall(call, screen) };
}

function planCall(call: ActionCall, screen: ScreenSize): DispatchPlan {
  const norm = (p: readonly [number, number]) => toDevicePoint(p, 'normalized', screen);
  switch (call.tool) {
    case 'action_sequence':
      return { tool: call.tool, pointers: [], members: call.args.steps.map((s) => planStep(s, screen)) };
    case 'drag':
      return planDrag(call.tool, call.args, screen);
    case 'pinch':
      return planPinch(call.tool, call.args, screen);
    case 'touch_gesture':
      return planTouch(call.tool, call.args, screen);
    case 'click':
      return {
        tool: call.tool,
        pointers: taps([call.args.target], call.args.times, call.args.delay_ms, 'normalized', screen),
      };
    case 'click_sequence':
      return { tool: call.tool, pointers: taps(call.args.sequence, 1, call.args.delay_ms, 'normalized', screen) };
    case 'focus_and_clear_text':
      return { tool: call.tool, pointers: taps([call.args.target], 1, 0, 'normalized', screen) };
    case 'input_text':
      return {
        tool: call.tool,
        pointers: call.args.target ? taps([call.args.target], 1, 0, 'normalized', screen) : [],
      };
    case 'long_press': {
      const p = norm(call.args.target);
      return { tool: call.tool, pointers: [stroke(0, [0, p.x, p.y], [call.args.duration_ms, p.x, p.y])] };
    }
    case 'tap':
      // Seed 004's tap: one device-pixel point, planned like a click so the preview shows it.
      return { tool: call.tool, pointers: taps([[call.args.x, call.args.y]], 1, 0, 'pixel', screen) };
    case 'swipe': {
      const a = norm(call.args.start);
      const b = norm(call.args.end);
      return { tool: call.tool, pointers: [stroke(0, [0, a.x, a.y], [call.args.duration_ms, b.x, b.y])] };
    }
    default:
      return { tool: call.tool, pointers: [] };
  }
}

function planStep(step: Step, screen: ScreenSize): DispatchPlan {
  switch (step.action) {
    case 'click':
      return planClickStep(step, screen);
    case 'drag':
      return planDrag('drag', step, screen);
    case 'pinch':
      return planPinch('pinch', step, screen);
    case 'touch_gesture':
      return planTouch('touch_gesture', step, screen);
    case 'ensure_visible':
      return { tool: 'ensure_visible', pointers: [], target: { resource_id: step.opener } };
    default:
      return { tool: step.action, pointers: [] };
  }
}

function planClickStep(step: ClickStep, screen: ScreenSize): DispatchPlan {
  if (typeof step.target === 'string') return { tool: 'click', pointers: [], target: { resource_id: step.target } };
  return { tool: 'click', pointers: taps([step.target], step.times, step.delay_ms, step.coordinate_space, screen) };
}

interface DragLike {
  start: [number, number];
  end: [number, number] | null;
  coordinate_space: CoordinateSpace;
  duration_ms: number;
  calibration: DragCalibration | null;
  region: RegionTuple | null;
}

function planDrag(tool: 'drag', args: DragLike, screen: ScreenSize): DispatchPlan {
  const a = toDevicePoint(args.start, args.coordinate_space, screen);
  const profile = defaultDragProfile(args.duration_ms);
  if (args.calibration === null) {
    // Validated: exactly one of end/calibration is present.
    const b = toDevicePoint(args.end!, args.coordinate_space, screen);
    return { tool, pointers: [{ id: 0, keyframes: dragKeyframes(a, b, profile) }], drag_profile: profile };
  }
  const units =
    args.coordinate_space === 'pixel' ? { space: 'pixel' as const } : { space: 'normalized' as const, screen };
  const outcome = computeCalibration(args.calibration, args.start, units);
  if (!outcome.ok) throw new Error('planDrag: calibration passed validation but is degenerate');
  const f = outcome.figures;
  if (args.calibration.mode === 'pan' && profile.move_ms >= 2) {
    const regionPx = args.region === null ? null : regionToDevice(args.region, args.coordinate_space, screen);
    const lead = panLeadPoint(a, f.end, args.calibration.axis, screen, regionPx);
    if (lead) profile.lead_px = [lead.x, lead.y];
  }
  return {
    tool,
    pointers: [{ id: 0, keyframes: dragKeyframes(a, f.end, profile) }],
    drag_profile: profile,
    calibration: {
      end_px: [f.end.x, f.end.y],
      value_per_px: f.value_per_px,
      rounding_error: f.rounding_error,
      allowed_px_error: f.allowed_px_error,
    },
  };
}

function planPinch(tool: 'pinch', args: Omit<PinchStep, 'action'>, screen: ScreenSize): DispatchPlan {
  const p = resolvePinch(args, screen)!; // a screen is given, so the pinch resolves
  const n = pinchSampleCount(p.durationMs);
  const f0: Keyframe[] = new Array(n);
  const f1: Keyframe[] = new Array(n);
  const out = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const t = pinchSampleTime(i, p.durationMs);
    pinchFingersAt(p, t, out);
    f0[i] = { t_ms: t, x: out[0]!, y: out[1]! };
    f1[i] = { t_ms: t, x: out[2]!, y: out[3]! };
  }
  return {
    tool,
    pointers: [
      { id: 0, keyframes: f0 },
      { id: 1, keyframes: f1 },
    ],
  };
}

function planTouch(tool: 'touch_gesture', args: Omit<TouchGestureStep, 'action'>, screen: ScreenSize): DispatchPlan {
  return { tool, pointers: framesToStrokes(args.frames, args.coordinate_space, screen) };
}

function taps(
  points: ReadonlyArray<readonly [number, number]>,
  times: number,
  delayMs: number,
  space: CoordinateSpace,
  screen: ScreenSize,
): PointerStroke[] {
  const strokes: PointerStroke[] = [];
  let t = 0;
  for (const p of points) {
    const d = toDevicePoint(p, space, screen);
    for (let k = 0; k < times; k++) {
      strokes.push(tapStroke(d.x, d.y, t));
      t += TAP_MS + delayMs;
    }
  }
  return strokes;
}

function stroke(id: number, ...keys: Array<[number, number, number]>): PointerStroke {
  return { id, keyframes: keys.map(([t_ms, x, y]) => ({ t_ms, x, y })) };
}
