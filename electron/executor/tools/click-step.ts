// A click member: unless_visible skips it when that panel id is already visible; a resource-id target (planned
// as a `target` marker with no pointers) is resolved to its live visible centre before every one of its taps;
// a point target sends the member plan's taps.
import type { ClickStep } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { idVisible } from '../controls';
import { outcome, refused, type Outcome } from '../outcome';
import { liveTap, plannedTap, runTaps } from '../taps';

export async function clickStep(ctx: ExecContext, step: ClickStep, plan: DispatchPlan, base: string): Promise<Outcome> {
  if (step.unless_visible !== null) {
    const seen = await idVisible(ctx, step.unless_visible);
    if (!seen.ok) return refused(seen.code, seen.message, `${base}/unless_visible`);
    if (seen.value) return { ...outcome('observed'), message: `${step.unless_visible} is visible: click skipped` };
  }
  const live = plan.target?.resource_id;
  const locates =
    live !== undefined ? Array.from({ length: step.times }, () => liveTap(ctx, live)) : plan.pointers.map(plannedTap);
  const r = await runTaps(ctx, locates, step.delay_ms);
  return r.code && r.status !== 'unknown' ? { ...r, path: `${base}/target` } : r;
}
