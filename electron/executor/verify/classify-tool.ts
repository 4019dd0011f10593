// classify_action_outcome: seed 004's eight ordered rules over the caller's signals (shared/verify/classify.ts).
import type { ToolArgs } from '../../../shared/actions';
import { classifyActionOutcome } from '../../../shared/verify/classify';
import type { Outcome } from '../outcome';
import { observed } from './result';

const NEXT = {
  success: 'continue',
  no_op: 'retry with richer state verification or re-resolve the element',
  backend_failure: 'stop and report the failing endpoint',
  ui_failure: 'stop and report failure',
  unknown: 'take one recovery step (e.g. capture_debug_snapshot), then stop',
} as const;

export function classifyOutcome(args: ToolArgs<'classify_action_outcome'>): Outcome {
  const c = classifyActionOutcome(args);
  return observed({ ...c, next_step: NEXT[c.outcome] });
}
