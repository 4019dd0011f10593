// Control: the mouse drives the device. idle → pointing (pressed) → dragging (moved beyond the slop).
// A release while pointing is a tap, or a long press when held ≥ LONG_PRESS_MS; a release while dragging is
// one drag from the press to the release pixel, its path drawn live. Right-click is Back (like scrcpy); the
// wheel is a swipe per burst. Ctrl+drag pinches/rotates with a mirrored second finger (pinching.ts). Esc or an interrupt drops the gesture in progress without sending anything.
import { Tool, type PointerInfo } from '../state-node';
import type { ToolContext } from '../tool-context';
import { ControlDragging } from './dragging';
import { ControlIdle } from './idle';
import { ControlPinching } from './pinching';
import { ControlPointing } from './pointing';

export const DRAG_SLOP_PX = 6;
export const LONG_PRESS_MS = 500;
/** The wheel is read as one swipe per burst, sent when it rests this long. */
export const WHEEL_REST_MS = 150;

/** Control's states and what each enters with: the press (pointing, pinching), the press and the first move beyond the slop (dragging). */
export interface ControlStates {
  idle: void;
  pointing: PointerInfo;
  dragging: { down: PointerInfo; move: PointerInfo };
  pinching: PointerInfo;
}

export class ControlTool extends Tool<ControlStates> {
  readonly id = 'control';
  readonly label = 'Control';
  readonly shortcut = 'C';
  readonly hint = 'Control: tap, long press, drag, scroll; Ctrl+drag pinches around the centre, Shift+Ctrl+drag around the press; right-click is Back (C)';
  constructor(readonly ctx: ToolContext) {
    super();
    this.init<ControlTool>({ idle: ControlIdle, pointing: ControlPointing, dragging: ControlDragging, pinching: ControlPinching });
  }
}
