// A timeline step's plan for a picture, the same in the debugger (drawn by the stage's PlanShapes) and in the
// HTML report (drawn as SVG): the receipt's own `plan` (the DispatchPlan prepareCall made and the executor
// dispatched), its refusal, the resolved target's box from the control reading or — failing that — the node
// under the first press in the step's before tree, the windows above it, and a drag's calibration as dispatched.
// Foreign records carry no plan: null.
import type { DispatchPlan } from '../../gesture';
import { stagePlanOf, type PxBox, type StagePlan } from '../../gesture/stage-plan';
import type { ObservedTree } from '../../observation';
import type { TimelineStep } from './timeline-step';

/** `n` is the step's 1-based number (the plan's label says "step n"). */
export function stepPlan(step: TimelineStep, n: number): StagePlan | null {
  const r = step.receipt;
  if (!r) return null;
  const refusal =
    r.status === 'not_started' && r.code ? { code: r.code, path: r.path ?? '', message: r.message ?? '' } : null;
  const plan = stagePlanOf(`step ${n}: ${r.tool}`, (r.plan as DispatchPlan | undefined) ?? null, refusal);
  const reading = r.control_before ?? r.control;
  const calibration = r.calibration ?? r.members?.find((m) => m.calibration)?.calibration;
  return {
    ...plan,
    target: reading ? reading.bounds_px : plan.target,
    calibration: calibration
      ? {
          end_px: calibration.end_px,
          value_per_px: calibration.value_per_px,
          rounding_error: calibration.rounding_error,
        }
      : plan.calibration,
  };
}

const overlaps = (a: PxBox, b: PxBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
const inside = (x: number, y: number, r: PxBox) => x >= r[0] && x < r[2] && y >= r[1] && y < r[3];

/**
 * The step's target on the before tree — the plan's target box, else the topmost node under the first press —
 * and the windows drawn above that node's window that overlap it.
 */
export function withTreeTarget(plan: StagePlan, tree: ObservedTree | null): StagePlan {
  if (!tree) return plan;
  const press = plan.pointers[0]?.keyframes[0];
  const under = press ? tree.nodes.filter((n) => inside(press.x, press.y, n.bounds_px)) : [];
  // Topmost: highest window, then deepest node.
  const node = under.sort((a, b) => b.window - a.window || b.depth - a.depth)[0];
  const target = plan.target ?? node?.bounds_px ?? null;
  if (!target) return plan;
  const ownWindow = node?.window ?? tree.nodes.find((n) => n.bounds_px.join() === target.join())?.window ?? 0;
  const covering = (tree.windows ?? [])
    .filter((w) => w.window > ownWindow && overlaps(w.bounds_px, target))
    .map((w) => ({ box: w.bounds_px, name: `${w.type}${w.package_name ? ` ${w.package_name}` : ''}` }));
  return { ...plan, target, covering: plan.covering.length > 0 ? plan.covering : covering };
}
