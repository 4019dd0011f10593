// Semantic checks of a schema-valid call, beyond JSON Schema, with stable codes (errors.ts). Every error found
// is returned. Checks that need device pixels (pixel bounds, pinch samples, calibration rounding in pixels) run
// when the screen is known or the action is in pixel space; normalized range checks always run.
// Tools without coordinate_space (click, click_sequence, long_press, input_text, swipe, focus_and_clear_text)
// take normalized points. Nothing is clamped.
import type { ActionCall } from '../actions';
import type { ScreenSize } from '../geometry';
import type { TactileError } from '../errors';
import { checkControlRequest } from './control';
import { checkDrag } from './drag';
import { checkPinch } from './pinch';
import { checkPoint, pointFrame } from './points';
import { at, report, type CheckContext, type Path } from './report';
import { checkSelector } from './selector';
import { checkSequence } from './sequence';
import { checkTouchGesture } from './touch-gesture';
import { checkWaitUntil } from './wait-until';

export interface SemanticOptions {
  readonly screen: ScreenSize | undefined;
  readonly maxBurstActions: number;
}

const ARGS: Path = ['args'];

export function checkSemantics(call: ActionCall, options: SemanticOptions): TactileError[] {
  const ctx: CheckContext = { screen: options.screen, maxBurstActions: options.maxBurstActions, errors: [] };
  const normalized = () => pointFrame(ctx, 'normalized', null, ARGS);
  switch (call.tool) {
    case 'action_sequence':
      checkSequence(ctx, call.args, ARGS);
      break;
    case 'drag':
      checkDrag(ctx, call.args, ARGS);
      break;
    case 'pinch':
      checkPinch(ctx, call.args, ARGS);
      break;
    case 'touch_gesture':
      checkTouchGesture(ctx, call.args, ARGS);
      break;
    case 'click':
    case 'long_press':
    case 'focus_and_clear_text':
      checkPoint(normalized(), call.args.target, at(ARGS, 'target'), 'Target');
      break;
    case 'input_text':
      if (call.args.target !== null) checkPoint(normalized(), call.args.target, at(ARGS, 'target'), 'Target');
      break;
    case 'swipe': {
      const f = normalized();
      checkPoint(f, call.args.start, at(ARGS, 'start'), 'Swipe start');
      checkPoint(f, call.args.end, at(ARGS, 'end'), 'Swipe end');
      break;
    }
    case 'click_sequence': {
      const f = normalized();
      const seq = call.args.sequence;
      if (seq.length === 0)
        report(ctx, 'INVALID_ARGUMENT', at(ARGS, 'sequence'), 'A click_sequence needs at least one point.');
      for (let i = 0; i < seq.length; i++) checkPoint(f, seq[i]!, at(ARGS, 'sequence', i), `Tap ${i}`);
      break;
    }
    case 'control_action':
      checkControlRequest(ctx, call.args, ARGS);
      break;
    case 'wait_until':
      checkWaitUntil(ctx, call.args, ARGS);
      break;
    case 'read_control':
      checkSelector(ctx, call.args.selector, at(ARGS, 'selector'));
      break;
    case 'scroll_to':
      checkSelector(ctx, call.args.container, at(ARGS, 'container'));
      checkSelector(ctx, call.args.target, at(ARGS, 'target'));
      break;
    case 'tap':
      checkPoint(pointFrame(ctx, 'pixel', null, ARGS), [call.args.x, call.args.y], at(ARGS, 'x'), 'Tap');
      break;
    default:
      break;
  }
  return ctx.errors;
}
