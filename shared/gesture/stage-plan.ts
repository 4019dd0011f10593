// What the stage's plan layer draws for one call: the pointer paths prepareCall planned (every sequence member's
// too), the resolved target's box, the windows covering it and their verdict (OCCLUDED, PARTLY_OCCLUDED,
// VISIBLE, or where the first press lands against the target's visible region), or the refusal the executor
// would give. One model for an approval request's preview and a receipt step's planned paths in the debugger.
import type { DispatchPlan, PointerStroke } from './index';
import type { Occlusion } from '../occlusion';

export type PxBox = readonly [number, number, number, number];

export interface StagePlan {
  /** Whose plan it is, in words (e.g. "e2e-agent: drag", "step 3: click"). */
  label: string;
  pointers: PointerStroke[];
  /** drag: where the calibrated end lands and its scale (value per pixel) and rounding residual. */
  calibration: { end_px: readonly [number, number]; value_per_px: number; rounding_error: number } | null;
  target: PxBox | null;
  /** Higher windows covering part of the target, with a name for each. */
  covering: Array<{ box: PxBox; name: string }>;
  /** OCCLUDED | PARTLY_OCCLUDED | VISIBLE from the occlusion preview, or a region verdict for the first press. */
  verdict: string | null;
  refusal: { code: string; path: string; message: string } | null;
}

function strokesOf(plan: DispatchPlan): PointerStroke[] {
  return [...plan.pointers, ...(plan.members ?? []).flatMap(strokesOf)];
}

function calibrationOf(plan: DispatchPlan): StagePlan['calibration'] {
  const c = plan.calibration ?? (plan.members ?? []).map(calibrationOf).find((m) => m !== null);
  if (!c) return null;
  return { end_px: c.end_px, value_per_px: c.value_per_px, rounding_error: c.rounding_error };
}

/** A plan as prepareCall (or a receipt's `plan`) gives it; `refusal` when it was refused before input. */
export function stagePlanOf(label: string, plan: DispatchPlan | null, refusal: StagePlan['refusal'] = null): StagePlan {
  return {
    label,
    pointers: plan ? strokesOf(plan) : [],
    calibration: plan ? calibrationOf(plan) : null,
    target: null,
    covering: [],
    verdict: null,
    refusal,
  };
}

const inside = (x: number, y: number, r: PxBox) => x >= r[0] && x < r[2] && y >= r[1] && y < r[3];

/**
 * Adds the occlusion preview of the call's target: its box, the windows above it, and the verdict. When the
 * call presses a point (a tap or the start of a path), the verdict says whether that point is in the target's
 * visible, touchable region (IN_VISIBLE_REGION) or covered (OUTSIDE_VISIBLE_REGION) next to the target's own.
 */
export function withOcclusion(plan: StagePlan, occlusion: Occlusion): StagePlan {
  const covering = occlusion.windows_above.map((w) => ({
    box: w.bounds_px,
    name: `${w.type}${w.package_name ? ` ${w.package_name}` : ''}`,
  }));
  const press = plan.pointers[0]?.keyframes[0];
  let verdict: string = occlusion.verdict;
  if (press)
    verdict += occlusion.visible_rects.some((r) => inside(press.x, press.y, r))
      ? ' · press IN_VISIBLE_REGION'
      : ' · press OUTSIDE_VISIBLE_REGION';
  return { ...plan, target: occlusion.bounds_px, covering, verdict };
}

/** The whole plan as one line (the legend on the stage and its test hook). */
export function planWords(plan: StagePlan): string {
  if (plan.refusal) return `${plan.label} — would be refused: ${plan.refusal.code} at ${plan.refusal.path || '/'}`;
  const n = plan.pointers.length;
  const parts = [`${plan.label} — ${n === 0 ? 'no touch input' : `${n} pointer path${n > 1 ? 's' : ''}`}`];
  if (plan.target) parts.push(`target [${plan.target.join(',')}]`);
  if (plan.verdict) parts.push(plan.verdict);
  if (plan.covering.length > 0)
    parts.push(`${plan.covering.length} window${plan.covering.length > 1 ? 's' : ''} above`);
  if (plan.calibration)
    parts.push(
      `scale ${plan.calibration.value_per_px.toPrecision(3)}/px, residual ${plan.calibration.rounding_error.toPrecision(3)}`,
    );
  return parts.join(' · ');
}
