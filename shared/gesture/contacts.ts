// How a plan's strokes reach the input backend, as contacts (one backend dispatch each). Both the executor and
// every preview read a plan through these functions, so what is previewed is what is sent.
// - Taps (click, click_sequence, focus_and_clear_text, input_text and a sequence's click member) are planned
//   on one clock, down → up TAP_MS apart with the call's delay between taps, but each tap is its own contact:
//   it is sent alone, rebased to start at 0 (the executor waits the delay between taps itself, revalidating).
// - Every other plan's strokes form one continuous contact, sent once as planned.
// - A tap whose point is resolved live (a resource-id target) is built by tapStroke, the planner's own tap.
import type { DispatchPlan, PlanKind } from './plan';
import type { PointerStroke } from './timeline';

/** Down → up of a tap: a human-like press, far below Android's long-press timeout (≥ 400 ms). */
export const TAP_MS = 50;

const TAPPING: ReadonlySet<PlanKind> = new Set<PlanKind>([
  'click',
  'click_sequence',
  'focus_and_clear_text',
  'input_text',
]);

/** Whether a plan's strokes are taps, sent one contact per stroke. */
export function isTapPlan(plan: Pick<DispatchPlan, 'tool'>): boolean {
  return TAPPING.has(plan.tool);
}

/** One tap of finger 0 at device pixel (x, y), going down at t0. */
export function tapStroke(x: number, y: number, t0 = 0): PointerStroke {
  return {
    id: 0,
    keyframes: [
      { t_ms: t0, x, y },
      { t_ms: t0 + TAP_MS, x, y },
    ],
  };
}

/** A planned tap as it is sent: alone, its clock starting at its down. */
export function tapContact(stroke: PointerStroke): PointerStroke {
  const t0 = stroke.keyframes[0]?.t_ms ?? 0;
  return { id: stroke.id, keyframes: stroke.keyframes.map((k) => ({ ...k, t_ms: k.t_ms - t0 })) };
}

/** The contacts a (non-sequence) plan is sent as, in order; a plan without pointers sends none. */
export function planContacts(plan: Pick<DispatchPlan, 'tool' | 'pointers'>): PointerStroke[][] {
  if (plan.pointers.length === 0) return [];
  return isTapPlan(plan) ? plan.pointers.map((s) => [tapContact(s)]) : [plan.pointers];
}
