// drag: require_visible, then (with feedback) a confirmed reading and the repeated-strategy guard before
// input, the drag itself, and the stable reading after it. The receipt carries the calibration figures.
import type { DragCalibration, ValueFeedback } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { sendStrokes } from '../dispatch';
import { observeAfter, readBefore } from '../feedback';
import { refused, withCode, type Outcome } from '../outcome';
import { dragStrategy, StrategyGuard } from '../strategy-guard';
import { requireVisible } from '../visibility';

export interface DragLike {
  require_visible: string | null;
  calibration: DragCalibration | null;
}

export function strokeDistance(plan: DispatchPlan): number {
  const k = plan.pointers[0]?.keyframes ?? [];
  const a = k[0];
  const b = k[k.length - 1];
  return a && b ? Math.hypot(b.x - a.x, b.y - a.y) : 0;
}

/** Runs `send` between feedback's before-reading/guard and its after-observation. */
export async function withFeedback(
  ctx: ExecContext,
  feedback: ValueFeedback | null,
  strategy: { name: string; distance: number },
  path: string,
  send: () => Promise<Outcome>,
): Promise<Outcome> {
  if (feedback === null) return send();
  const before = await readBefore(ctx, feedback);
  if (!before.ok)
    return refused(before.code, `feedback not readable before input: ${before.message}`, `${path}/selector`);
  const key = StrategyGuard.key({
    owner: ctx.lock.owner.client,
    serial: ctx.serial,
    selector: feedback.selector,
    target: feedback.target_value,
    strategy: strategy.name,
    before: before.value,
  });
  const repeated = ctx.guard.check(key, strategy.distance);
  if (repeated) return refused('STRATEGY_REPEATED', repeated, path);
  const sent = await send();
  if (sent.status !== 'completed' || sent.code !== null) return sent;
  const after = await observeAfter(ctx, feedback, before.value);
  ctx.guard.record({
    key,
    distance: strategy.distance,
    before: before.value,
    after: after.figures.after_value,
    target: feedback.target_value,
  });
  const done: Outcome = { ...sent, feedback: after.figures };
  return after.code ? withCode(done, after.code, after.message!) : done;
}

export async function runDrag(ctx: ExecContext, args: DragLike, plan: DispatchPlan, base: string): Promise<Outcome> {
  const blocked = await requireVisible(ctx, args.require_visible, `${base}/require_visible`);
  if (blocked) return { ...blocked, plan };
  const sent = await sendStrokes(ctx, plan.pointers);
  return {
    ...sent,
    plan,
    ...(plan.drag_profile && { drag_profile: plan.drag_profile }),
    ...(plan.calibration && { calibration: plan.calibration }),
  };
}

export async function drag(
  ctx: ExecContext,
  args: DragLike & { feedback: ValueFeedback | null },
  plan: DispatchPlan,
): Promise<Outcome> {
  const blocked = await requireVisible(ctx, args.require_visible, '/args/require_visible');
  if (blocked) return { ...blocked, plan };
  const strategy = { name: dragStrategy('drag', args.calibration), distance: strokeDistance(plan) };
  return withFeedback(ctx, args.feedback, strategy, '/args/feedback', () =>
    runDrag(ctx, { ...args, require_visible: null }, plan, '/args'),
  );
}
