// focus_and_clear_text: tap the field, then clear its text.
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { sendStrokes } from '../dispatch';
import type { Outcome } from '../outcome';
import { setFocusedText } from './text-field';

export async function focusAndClearText(ctx: ExecContext, plan: DispatchPlan): Promise<Outcome> {
  const tap = await sendStrokes(ctx, plan.pointers);
  if (tap.status !== 'completed') return { ...tap, plan };
  await ctx.sleep(100);
  const cleared = await setFocusedText(ctx, '', true);
  return { ...cleared, status: cleared.status === 'not_started' ? 'partial' : cleared.status, plan, ...(tap.dispatch && { dispatch: tap.dispatch }) };
}
