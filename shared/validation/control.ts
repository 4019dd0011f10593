// control_action (tool, and the `request` of a sequence member): which arguments each native action takes.
// INVALID_ARGUMENT for a mismatch:
// - value: required by set_progress, refused elsewhere;
// - text: required by set_text and replace_selection (empty text is text), refused elsewhere;
// - selection_start/end: set_selection needs both; replace_selection takes both or neither; refused elsewhere.
// The selector must be semantic and ensure_state coherent (condition.ts).
import type { SequenceControlRequest } from '../actions';
import { checkCondition } from './condition';
import { at, report, type CheckContext, type Path } from './report';
import { checkSelector } from './selector';

export function checkControlRequest(ctx: CheckContext, r: SequenceControlRequest, path: Path): void {
  checkSelector(ctx, r.selector, at(path, 'selector'));
  const a = r.action;
  if (a === 'set_progress' && r.value === null) {
    report(
      ctx,
      'INVALID_ARGUMENT',
      at(path, 'value'),
      'set_progress needs a value (within the range read by read_control).',
    );
  }
  if (a !== 'set_progress' && r.value !== null) {
    report(ctx, 'INVALID_ARGUMENT', at(path, 'value'), `value applies only to set_progress, not ${a}.`);
  }
  const takesText = a === 'set_text' || a === 'replace_selection';
  if (takesText && r.text === null) {
    report(ctx, 'INVALID_ARGUMENT', at(path, 'text'), `${a} needs text (use "" for empty text).`);
  }
  if (!takesText && r.text !== null) {
    report(ctx, 'INVALID_ARGUMENT', at(path, 'text'), `text applies only to set_text and replace_selection, not ${a}.`);
  }
  const hasStart = r.selection_start !== null;
  const hasEnd = r.selection_end !== null;
  if (a === 'set_selection' || (a === 'replace_selection' && hasStart !== hasEnd)) {
    const need = a === 'set_selection' ? 'set_selection needs' : 'replace_selection takes both or neither of';
    if (!hasStart)
      report(
        ctx,
        'INVALID_ARGUMENT',
        at(path, 'selection_start'),
        `${need} selection_start and selection_end (UTF-16 indices).`,
      );
    if (!hasEnd)
      report(
        ctx,
        'INVALID_ARGUMENT',
        at(path, 'selection_end'),
        `${need} selection_start and selection_end (UTF-16 indices).`,
      );
  } else if (a !== 'replace_selection') {
    if (hasStart)
      report(
        ctx,
        'INVALID_ARGUMENT',
        at(path, 'selection_start'),
        `selection_start applies only to set_selection and replace_selection, not ${a}.`,
      );
    if (hasEnd)
      report(
        ctx,
        'INVALID_ARGUMENT',
        at(path, 'selection_end'),
        `selection_end applies only to set_selection and replace_selection, not ${a}.`,
      );
  }
  if (r.ensure_state !== null) checkCondition(ctx, r.ensure_state, at(path, 'ensure_state'));
}
