// swipe, long_press and the plain strokes of pinch / touch_gesture: one planned contact, sent once.
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { sendStrokes } from '../dispatch';
import type { Outcome } from '../outcome';
import { requireVisible } from '../visibility';

export async function runGesture(
  ctx: ExecContext,
  plan: DispatchPlan,
  requireId: string | null = null,
  path = '/args/require_visible',
): Promise<Outcome> {
  const blocked = await requireVisible(ctx, requireId, path);
  if (blocked) return { ...blocked, plan };
  return { ...(await sendStrokes(ctx, plan.pointers)), plan };
}
