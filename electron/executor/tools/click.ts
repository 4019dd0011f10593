// click: `times` taps at one point, each its own contact; expected_resource_id is checked before every tap.
import type { ToolArgs } from '../../../shared/actions';
import { toDevicePoint } from '../../../shared/geometry';
import type { ExecContext } from '../context';
import { locateId } from '../controls';
import type { Outcome } from '../outcome';
import { runTaps, type Locate } from '../taps';

export async function click(ctx: ExecContext, args: ToolArgs<'click'>): Promise<Outcome> {
  const p = toDevicePoint(args.target, 'normalized', ctx.screen);
  const point: [number, number] = [p.x, p.y];
  const locate: Locate = async () => {
    if (args.expected_resource_id === null) return { ok: true, value: point };
    const found = await locateId(ctx, args.expected_resource_id);
    if (!found.ok) return found;
    const [l, t, r, b] = found.value.bounds;
    const inside = point[0] >= l && point[0] < r && point[1] >= t && point[1] < b;
    return inside ? { ok: true, value: point } : { ok: false, code: 'STALE', message: `${args.expected_resource_id} is no longer under (${point[0]}, ${point[1]})` };
  };
  return runTaps(ctx, Array.from({ length: args.times }, () => locate), args.delay_ms);
}
