// input_text: optionally tap the target first, then type (clear_exist replaces the whole text).
import type { ToolArgs } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import type { Outcome } from '../outcome';
import { setFocusedText, tapThenEdit } from './text-field';

export function inputText(ctx: ExecContext, args: ToolArgs<'input_text'>, plan: DispatchPlan): Promise<Outcome> {
  if (plan.pointers.length > 0) return tapThenEdit(ctx, plan, args.text, args.clear_exist);
  return setFocusedText(ctx, args.text, args.clear_exist);
}
