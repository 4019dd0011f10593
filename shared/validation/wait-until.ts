// wait_until (tool and sequence member): semantic selector, coherent state/expected_* (condition.ts), and for
// state "stable" FEEDBACK_TIMING when timeout_ms does not exceed stable_ms (stability could never be shown).
// The 3 s limit of a conditional wait inside a sequence is a schema bound (INVALID_ARGUMENT).
import type { WaitUntilStep } from '../actions';
import { checkCondition } from './condition';
import { at, report, type CheckContext, type Path } from './report';
import { checkSelector } from './selector';

export function checkWaitUntil(ctx: CheckContext, w: Omit<WaitUntilStep, 'action'>, path: Path): void {
  checkSelector(ctx, w.selector, at(path, 'selector'));
  checkCondition(ctx, w, path);
  if (w.state === 'stable' && w.timeout_ms <= w.stable_ms) {
    report(
      ctx,
      'FEEDBACK_TIMING',
      at(path, 'timeout_ms'),
      `timeout_ms (${w.timeout_ms}) must exceed stable_ms (${w.stable_ms}) for state "stable".`,
    );
  }
}
