// Coherence of a state condition (control_action.ensure_state, wait_until): INVALID_ARGUMENT when
// - state text/content_desc lacks expected_text, or state value lacks expected_value;
// - expected_text is given for a state other than text/content_desc, expected_value for a state other than
//   value, or a non-zero tolerance for a state other than value (it would silently mean nothing).
import { at, report, type CheckContext, type Path } from './report';

export interface Condition {
  readonly state: string;
  readonly expected_text: string | null;
  readonly expected_value: number | null;
  readonly tolerance: number;
}

export function checkCondition(ctx: CheckContext, c: Condition, path: Path): void {
  const textState = c.state === 'text' || c.state === 'content_desc';
  const valueState = c.state === 'value';
  if (textState && c.expected_text === null) {
    report(
      ctx,
      'INVALID_ARGUMENT',
      at(path, 'expected_text'),
      `state "${c.state}" needs expected_text (the exact text to reach).`,
    );
  }
  if (!textState && c.expected_text !== null) {
    report(
      ctx,
      'INVALID_ARGUMENT',
      at(path, 'expected_text'),
      `expected_text applies only to states "text" and "content_desc", not "${c.state}".`,
    );
  }
  if (valueState && c.expected_value === null) {
    report(ctx, 'INVALID_ARGUMENT', at(path, 'expected_value'), 'state "value" needs expected_value.');
  }
  if (!valueState && c.expected_value !== null) {
    report(
      ctx,
      'INVALID_ARGUMENT',
      at(path, 'expected_value'),
      `expected_value applies only to state "value", not "${c.state}".`,
    );
  }
  if (!valueState && c.tolerance !== 0) {
    report(
      ctx,
      'INVALID_ARGUMENT',
      at(path, 'tolerance'),
      `tolerance applies only to state "value", not "${c.state}".`,
    );
  }
}
