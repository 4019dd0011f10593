// click_sequence: the plan's taps in order, one contact each, delay_ms apart; stops at the first failure.
import type { ToolArgs } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import type { Outcome } from '../outcome';
import { plannedTap, runTaps } from '../taps';

export function clickSequence(
  ctx: ExecContext,
  args: ToolArgs<'click_sequence'>,
  plan: DispatchPlan,
): Promise<Outcome> {
  return runTaps(ctx, plan.pointers.map(plannedTap), args.delay_ms);
}
