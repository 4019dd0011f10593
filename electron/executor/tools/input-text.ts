// input_text: optionally tap the target first, then type (clear_exist replaces the whole text).
import type { ToolArgs } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { sendStrokes } from '../dispatch';
import type { Outcome } from '../outcome';
import { setFocusedText } from './text-field';

export async function inputText(ctx: ExecContext, args: ToolArgs<'input_text'>, plan: DispatchPlan): Promise<Outcome> {
  if (plan.pointers.length > 0) {
    const tap = await sendStrokes(ctx, plan.pointers);
    if (tap.status !== 'completed') return { ...tap, plan };
    await ctx.sleep(100); // let the tap's focus change land before editing
    const typed = await setFocusedText(ctx, args.text, args.clear_exist);
    return { ...typed, status: typed.status === 'not_started' ? 'partial' : typed.status, plan, ...(tap.dispatch && { dispatch: tap.dispatch }) };
  }
  return setFocusedText(ctx, args.text, args.clear_exist);
}
