// Seed 004's action envelope on every receipt of a tool that sends input (seed 000's and seed 004's), built
// by the pipeline around the handler: fingerprints before and after (observation-summary.ts: the same helper
// read as the receipt's observation summary; none without a helper), the target the
// handler resolved (or the arguments), and the failure code from THE table (shared/verify/failure-codes.ts).
// `success` is "dispatched", never "verified" (adjust_control and scroll_to_element: their goal reached).
// Input of unknown outcome is never retryable: it must not be replayed.
import type { ActionCall } from '../../../shared/actions';
import type { DispatchPlan } from '../../../shared/gesture';
import type { ActionEnvelope } from '../../../shared/verify/envelope';
import { failureCodeOf } from '../../../shared/verify/failure-codes';
import type { Outcome } from '../outcome';

export const SOURCE_MODULE = 'tactile/electron/executor';

/** Seed 004 tools whose success means their goal was reached, not only that input went out. */
const GOAL_TOOLS: ReadonlySet<string> = new Set(['adjust_control', 'scroll_to_element']);

type Pt = readonly [number, number];

/** What seed 000's tools aim at, in the seed-004 vocabulary where it has one. */
function targetOf(call: ActionCall, plan: DispatchPlan | undefined): unknown {
  const a = call.args as Record<string, unknown>;
  switch (call.tool) {
    case 'swipe': {
      const k = plan?.pointers[0]?.keyframes ?? [];
      const s = k[0];
      const e = k[k.length - 1];
      return s && e
        ? { x1: s.x, y1: s.y, x2: e.x, y2: e.y, duration: call.args.duration_ms }
        : { start: call.args.start, end: call.args.end, duration: call.args.duration_ms };
    }
    case 'click':
    case 'long_press':
    case 'focus_and_clear_text':
      return { target: a['target'] as Pt };
    case 'input_text':
      return { text: call.args.text, ...(call.args.target && { target: call.args.target }) };
    case 'press_key':
      return { key: call.args.key };
    case 'manage_app':
      return { appId: call.args.app_name, action: call.args.action };
    case 'open_link':
      return { url: call.args.url };
    case 'control_action':
      return call.args.selector;
    case 'action_sequence':
      return { steps: call.args.steps.map((s) => s.action) };
    default: {
      const { platform: _p, deviceId: _d, ...rest } = a;
      return rest;
    }
  }
}

export function buildEnvelope(
  call: ActionCall,
  plan: DispatchPlan | undefined,
  o: Outcome,
  operationId: string,
  started: Date,
  before?: string,
  after?: string,
): ActionEnvelope {
  const given = (o.result as { target?: { selector: unknown; resolved?: unknown } } | undefined)?.target;
  const dispatched = o.status === 'completed' || o.status === 'partial';
  const success = GOAL_TOOLS.has(call.tool)
    ? (o.status === 'completed' || o.status === 'observed') && o.code === null
    : o.status === 'completed';
  const failure = success ? null : failureCodeOf(o.code ?? (o.status === 'cancelled' ? 'CANCELLED' : 'INTERNAL'));
  return {
    action_id: `act_${started.getTime()}_${operationId.slice(0, 8)}`,
    timestamp: started.toISOString(),
    action_type: call.tool,
    lifecycle_state: success ? 'pending_verification' : 'failed',
    source_module: SOURCE_MODULE,
    target: given ?? { selector: targetOf(call, plan) },
    success,
    ...(failure && {
      failure_code: failure.failure_code,
      retryable: failure.retryable && o.status !== 'unknown' && !dispatched,
    }),
    ...(before !== undefined && { ui_fingerprint_before: before }),
    ...(after !== undefined && { ui_fingerprint_after: after }),
  };
}

/**
 * The envelope of an action call refused before its arguments could be read as the tool's (INVALID_ARGUMENT,
 * OFF_SCREEN of a normalized point): failed, and without a target — arguments that failed validation may be
 * anything (5,000 levels deep), and the receipt keeps them as given anyway.
 */
export function refusedEnvelope(tool: string, o: Outcome, operationId: string, started: Date): ActionEnvelope {
  const failure = failureCodeOf(o.code ?? 'INTERNAL');
  return {
    action_id: `act_${started.getTime()}_${operationId.slice(0, 8)}`,
    timestamp: started.toISOString(),
    action_type: tool,
    lifecycle_state: 'failed',
    source_module: SOURCE_MODULE,
    target: { selector: null },
    success: false,
    failure_code: failure.failure_code,
    retryable: failure.retryable,
  };
}
