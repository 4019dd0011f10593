// A timeline step's plan for the stage: the receipt's own `plan` (the DispatchPlan prepareCall made and the
// executor dispatched), its refusal, the resolved target's box from the control reading, and a drag's
// calibration as dispatched (scale and residual). Foreign records carry no plan: null.
import type { DispatchPlan } from '../../../shared/gesture';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { stagePlanOf, type StagePlan } from '../../stage/stage-plan';

export function stepPlan(step: TimelineStep, n: number): StagePlan | null {
  const r = step.receipt;
  if (!r) return null;
  const refusal = r.status === 'not_started' && r.code ? { code: r.code, path: r.path ?? '', message: r.message ?? '' } : null;
  const plan = stagePlanOf(`step ${n}: ${r.tool}`, (r.plan as DispatchPlan | undefined) ?? null, refusal);
  const reading = r.control_before ?? r.control;
  const calibration = r.calibration ?? r.members?.find((m) => m.calibration)?.calibration;
  return {
    ...plan,
    target: reading ? reading.bounds_px : plan.target,
    calibration: calibration ? { end_px: calibration.end_px, value_per_px: calibration.value_per_px, rounding_error: calibration.rounding_error } : plan.calibration,
  };
}
