// focus_and_clear_text: tap the field, then clear its text.
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import type { Outcome } from '../outcome';
import { tapThenEdit } from './text-field';

export function focusAndClearText(ctx: ExecContext, plan: DispatchPlan): Promise<Outcome> {
  return tapThenEdit(ctx, plan, '', true);
}
