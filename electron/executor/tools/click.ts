// click: the plan's `times` taps at one point, each its own contact; expected_resource_id is checked before
// every tap against the planned point.
import type { ToolArgs } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { locateId } from '../controls';
import type { Outcome } from '../outcome';
import { plannedTap, runTaps, type Locate } from '../taps';

export async function click(ctx: ExecContext, args: ToolArgs<'click'>, plan: DispatchPlan): Promise<Outcome> {
  const expected = args.expected_resource_id;
  const locates = plan.pointers.map((stroke): Locate => {
    const tap = plannedTap(stroke);
    if (expected === null) return tap;
    const { x, y } = stroke.keyframes[0]!;
    return async () => {
      const found = await locateId(ctx, expected);
      if (!found.ok) return found;
      const [l, t, r, b] = found.value.bounds;
      const inside = x >= l && x < r && y >= t && y < b;
      return inside ? tap() : { ok: false, code: 'STALE', message: `${expected} is no longer under (${x}, ${y})` };
    };
  });
  return runTaps(ctx, locates, args.delay_ms);
}
