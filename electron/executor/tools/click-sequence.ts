// click_sequence: the points in order, one tap each, delay_ms apart; stops at the first failure.
import type { ToolArgs } from '../../../shared/actions';
import { toDevicePoint } from '../../../shared/geometry';
import type { ExecContext } from '../context';
import type { Outcome } from '../outcome';
import { runTaps } from '../taps';

export function clickSequence(ctx: ExecContext, args: ToolArgs<'click_sequence'>): Promise<Outcome> {
  const locates = args.sequence.map((t) => {
    const p = toDevicePoint(t, 'normalized', ctx.screen);
    return async () => ({ ok: true as const, value: [p.x, p.y] as [number, number] });
  });
  return runTaps(ctx, locates, args.delay_ms);
}
