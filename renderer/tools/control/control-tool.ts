// Control: the mouse is a finger on the device, live (features/live-touch): the press puts it down at once,
// it follows the pointer's real path and speed, and the release lifts it; holding the button holds the finger.
// idle → pointing (pressed) → dragging (moved beyond the slop) only changes what the stage draws: main names the
// contact from the path as injected (a click, a long press, a touch_gesture). The pointer leaving the picture
// lifts the finger where it last was on it (never clamped). The wheel (and a trackpad's two-finger scroll) is a
// finger too, dragged by the wheel's deltas and lifted when the wheel rests; Ctrl+drag is two fingers, the
// pointer and its mirror (pinching.ts). Right-click is Back (like scrcpy), sent at the press. Esc, a lost
// focus, a hidden tab or a device switch end a contact with ACTION_CANCEL. Without a live backend on the
// device (no mirror stream, no helper) or with group control on, the release sends the gesture as one call.
import type { LiveContactHandle } from '../../features/live-touch/live-contact';
import { Tool, type PointerInfo } from '../state-node';
import type { ToolContext } from '../tool-context';
import { ControlDragging } from './dragging';
import { ControlIdle } from './idle';
import { ControlPinching } from './pinching';
import { ControlPointing } from './pointing';

/**
 * Control's states and what each enters with: the press (pointing, pinching); the press, the first move beyond
 * the slop, the finger put down at the press and whether raw pointer updates drive it (dragging).
 */
export interface ControlStates {
  idle: void;
  pointing: PointerInfo;
  dragging: { down: PointerInfo; move: PointerInfo; contact: LiveContactHandle; raw: boolean };
  pinching: PointerInfo;
}

export class ControlTool extends Tool<ControlStates> {
  readonly id = 'control';
  readonly label = 'Control';
  readonly shortcut = 'C';
  readonly hint =
    'Control: a live finger — press, hold, drag, scroll; Ctrl+drag pinches around the centre, Shift+Ctrl+drag around the press; right-click is Back (C)';
  constructor(readonly ctx: ToolContext) {
    super();
    this.init<ControlTool>({
      idle: ControlIdle,
      pointing: ControlPointing,
      dragging: ControlDragging,
      pinching: ControlPinching,
    });
  }
}
