// ValueFeedback: a semantic readout selector, and FEEDBACK_TIMING — the observation window timeout_ms must
// exceed the stability time stable_ms, or the reading could never be confirmed stable.
import type { ValueFeedback } from '../actions';
import { at, report, type CheckContext, type Path } from './report';
import { checkSelector } from './selector';

export function checkFeedback(ctx: CheckContext, f: ValueFeedback, path: Path): void {
  checkSelector(ctx, f.selector, at(path, 'selector'));
  if (f.timeout_ms <= f.stable_ms) {
    report(
      ctx,
      'FEEDBACK_TIMING',
      at(path, 'timeout_ms'),
      `timeout_ms (${f.timeout_ms}) must exceed stable_ms (${f.stable_ms}).`,
    );
  }
}
