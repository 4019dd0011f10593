// action_sequence: members run one after another and stop at the first failure; every member has a receipt
// (completed, failed, unknown, not_started). Nothing is ever resent. Top-level feedback is confirmed
// before the first member and observed after the whole group.
import type { Step, ToolArgs } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { MemberReceipt } from '../../../shared/receipts';
import { sequenceStatus, succeeded } from '../../../shared/receipts';
import type { ExecContext } from '../context';
import { outcome, type Outcome } from '../outcome';
import { dragStrategy } from '../strategy-guard';
import { clickStep } from './click-step';
import { controlAction } from './control-action';
import { runDrag, strokeDistance, withFeedback } from './drag';
import { ensureVisible } from './ensure-visible';
import { runGesture } from './gesture';
import { waitForDelay } from './wait-for-delay';
import { waitUntil } from './wait-until';

function runStep(ctx: ExecContext, step: Step, plan: DispatchPlan, base: string): Promise<Outcome> {
  switch (step.action) {
    case 'click':
      return clickStep(ctx, step, plan, base);
    case 'drag':
      return runDrag(ctx, step, plan, base);
    case 'wait':
      return waitForDelay(ctx, step);
    case 'ensure_visible':
      return ensureVisible(ctx, step, base);
    case 'pinch':
    case 'touch_gesture':
      return runGesture(ctx, plan, step.require_visible, `${base}/require_visible`);
    case 'control_action':
      return controlAction(ctx, step.request, `${base}/request`);
    case 'wait_until':
      return waitUntil(ctx, step, base);
  }
}

/** Whether a member lets the sequence go on: it fully succeeded (a skipped click is `observed`). */
const goesOn = (m: Outcome) => succeeded(m) || (m.status === 'completed' && m.code === null);

export async function actionSequence(
  ctx: ExecContext,
  args: ToolArgs<'action_sequence'>,
  plan: DispatchPlan,
): Promise<Outcome> {
  const members: MemberReceipt[] = [];
  const run = async (): Promise<Outcome> => {
    let stopped = false;
    for (let i = 0; i < args.steps.length; i++) {
      const step = args.steps[i]!;
      if (stopped) {
        members.push({ index: i, tool: step.action, ...outcome('not_started'), duration_ms: null });
        continue;
      }
      const t0 = ctx.now();
      const r = await runStep(ctx, step, plan.members![i]!, `/args/steps/${i}`);
      const { observation_before: _b, observation_after: _a, members: _m, feedback: _f, ...fields } = r;
      members.push({ index: i, tool: step.action, ...fields, duration_ms: Math.max(0, Math.round(ctx.now() - t0)) });
      if (!goesOn(r)) stopped = true;
    }
    const { status, code } = sequenceStatus(members);
    const failed = members.find((m) => m.code !== null);
    return { ...outcome(status, code, failed?.message ?? null, failed?.path ?? null), plan, members };
  };
  const firstDrag = plan.members?.find((m) => m.tool === 'drag');
  const strategy = {
    name: dragStrategy('action_sequence', args.steps.map((s) => s.action).join('+')),
    distance: firstDrag ? strokeDistance(firstDrag) : 0,
  };
  const result = await withFeedback(ctx, args.feedback, strategy, '/args/feedback', run);
  // A refusal before the first member (feedback unreadable, strategy repeated): no member started; the first
  // carries the refusal so the sequence's status rule gives the same verdict.
  if (members.length === 0) {
    const all = args.steps.map((st, i): MemberReceipt => ({
      index: i,
      tool: st.action,
      ...outcome('not_started'),
      duration_ms: null,
    }));
    if (all[0]) all[0] = { ...all[0], code: result.code, message: result.message, path: result.path };
    return { ...result, members: all };
  }
  // The receipt's status and code follow the members; a feedback problem stays in `feedback` and the message.
  const { status, code } = sequenceStatus(members);
  return { ...result, status, code };
}
