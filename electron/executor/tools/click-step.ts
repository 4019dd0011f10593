// A click member: unless_visible skips it when that panel id is already visible; a resource-id target is
// resolved to its live visible centre before every one of its taps.
import type { ClickStep } from '../../../shared/actions';
import { toDevicePoint } from '../../../shared/geometry';
import type { ExecContext } from '../context';
import { idTapPoint, idVisible } from '../controls';
import { outcome, refused, type Outcome } from '../outcome';
import { runTaps, type Locate } from '../taps';

export async function clickStep(ctx: ExecContext, step: ClickStep, base: string): Promise<Outcome> {
  if (step.unless_visible !== null) {
    const seen = await idVisible(ctx, step.unless_visible);
    if (!seen.ok) return refused(seen.code, seen.message, `${base}/unless_visible`);
    if (seen.value) return { ...outcome('observed'), message: `${step.unless_visible} is visible: click skipped` };
  }
  const target = step.target;
  const locate: Locate = typeof target === 'string'
    ? () => idTapPoint(ctx, target)
    : async () => {
        const p = toDevicePoint(target, step.coordinate_space, ctx.screen);
        return { ok: true, value: [p.x, p.y] };
      };
  const r = await runTaps(ctx, Array.from({ length: step.times }, () => locate), step.delay_ms);
  return r.code && r.status !== 'unknown' ? { ...r, path: `${base}/target` } : r;
}
