// action_sequence: every member is validated before anything runs.
// - At least one member (an empty group is INVALID_ARGUMENT: it could only pretend to have done something).
// - TOO_MANY_MEMBERS above max_burst_actions (waits count as members; click.times is one member).
// - TEXT_TOO_LONG (checkArgumentStream, run by validateToolCall on the caller's own args): the argument stream,
//   measured as the compact JSON of the args as received (before defaults), exceeds 16,384 characters.
//   The 1024-character text of a member and its 3 s conditional waits are schema bounds, refused there as
//   INVALID_ARGUMENT; TEXT_TOO_LONG is kept for this spec-only guard.
// - Each member by kind; the group's feedback (never on a drag member) like any ValueFeedback.
import type { ToolArgs } from '../actions';
import { checkControlRequest } from './control';
import { checkDrag } from './drag';
import { checkFeedback } from './feedback';
import { checkPinch } from './pinch';
import { checkPoint, pointFrame } from './points';
import { at, report, type CheckContext, type Path } from './report';
import { checkTouchGesture } from './touch-gesture';
import { checkWaitUntil } from './wait-until';
import { tactileError, type TactileError } from '../errors';

export const SEQUENCE_ARGUMENT_STREAM_LIMIT = 16384;

/** The 16,384-character guard on a sequence's argument stream; `rawArgs` is what the caller sent. */
export function checkArgumentStream(rawArgs: unknown): TactileError | null {
  const length = JSON.stringify(rawArgs)?.length ?? 0;
  if (length <= SEQUENCE_ARGUMENT_STREAM_LIMIT) return null;
  return tactileError(
    'TEXT_TOO_LONG',
    ['args'],
    `The sequence's arguments take ${length} characters, over the ${SEQUENCE_ARGUMENT_STREAM_LIMIT}-character guard; send large text in a separate control_action.`,
  );
}

export function checkSequence(ctx: CheckContext, a: ToolArgs<'action_sequence'>, path: Path): void {
  const steps = a.steps;
  if (steps.length === 0) {
    report(ctx, 'INVALID_ARGUMENT', at(path, 'steps'), 'An action_sequence needs at least one member.');
  }
  if (steps.length > ctx.maxBurstActions) {
    report(
      ctx,
      'TOO_MANY_MEMBERS',
      at(path, 'steps'),
      `${steps.length} members exceed max_burst_actions (${ctx.maxBurstActions}); waits count as members.`,
    );
  }
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    const p = at(path, 'steps', i);
    switch (s.action) {
      case 'click':
        if (typeof s.target !== 'string')
          checkPoint(pointFrame(ctx, s.coordinate_space, null, p), s.target, at(p, 'target'), 'Click target');
        break;
      case 'drag':
        checkDrag(ctx, s, p);
        break;
      case 'pinch':
        checkPinch(ctx, s, p);
        break;
      case 'touch_gesture':
        checkTouchGesture(ctx, s, p);
        break;
      case 'control_action':
        checkControlRequest(ctx, s.request, at(p, 'request'));
        break;
      case 'wait_until':
        checkWaitUntil(ctx, s, p);
        break;
      case 'wait':
      case 'ensure_visible':
        break;
    }
  }
  if (a.feedback !== null) checkFeedback(ctx, a.feedback, at(path, 'feedback'));
}
