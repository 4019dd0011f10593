// wait_for_delay: a fixed pause (cancellable); no input.
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { outcome, type Outcome } from '../outcome';

export async function waitForDelay(
  ctx: ExecContext,
  args: { time_in_ms: number } | ToolArgs<'wait_for_delay'>,
): Promise<Outcome> {
  await ctx.sleep(args.time_in_ms);
  return ctx.signal?.aborted ? outcome('cancelled', 'CANCELLED', 'cancelled during the pause') : outcome('observed');
}
