// Pinch: the pinch call's handles on the stage (model.ts). idle → dragging (a handle pressed); every pointer
// move replaces the pinch in the document inside one undo step ("drag pinch <handle>"), re-validated with
// prepareCall; Esc or an interrupt reverts the drag.
import { devicePoint, type DevicePoint, type ScreenSize } from '../../../shared/geometry';
import { Tool } from '../state-node';
import type { ToolContext } from '../tool-context';
import { HANDLE_HIT_PX } from '../gesture/handles';
import type { StepHost } from '../gesture/host';
import { PinchDragging } from './dragging';
import { PinchIdle } from './idle';
import { handlePoints, newPinch, PINCH_HANDLES, type PinchEnvelope, type PinchHandle } from './model';

export type PinchHost = StepHost<PinchEnvelope>;

/** The handle within reach of a device pixel, nearest first (the centre wins a tie). */
export function hitPinchHandle(
  e: PinchEnvelope,
  screen: ScreenSize,
  at: DevicePoint,
  stageScale: number,
): PinchHandle | null {
  const pts = handlePoints(e, screen);
  if (!pts) return null;
  let best: PinchHandle | null = null;
  let bestD = HANDLE_HIT_PX / stageScale;
  for (const h of PINCH_HANDLES) {
    const d = Math.hypot(pts[h].x - at.x, pts[h].y - at.y);
    if (d < bestD) {
      bestD = d;
      best = h;
    }
  }
  return best;
}

/** Pinch's states: dragging enters with the handle pressed. */
export interface PinchStates {
  idle: void;
  dragging: PinchHandle;
}

export class PinchTool extends Tool<PinchStates> {
  readonly id = 'pinch';
  readonly label = 'Pinch';
  readonly shortcut = 'P';
  readonly hint = 'Pinch: drag the centre, span, angle and rotation handles of a two-finger pinch (P)';
  constructor(
    readonly ctx: ToolContext,
    readonly host: PinchHost,
  ) {
    super();
    this.init<PinchTool>({ idle: PinchIdle, dragging: PinchDragging });
  }

  pinchOrNew(): PinchEnvelope | null {
    return this.host.screen() ? this.host.ensure(newPinch) : null;
  }

  handleAt(at: DevicePoint, stageScale: number): PinchHandle | null {
    const e = this.host.gesture();
    const screen = this.host.screen();
    return e && screen ? hitPinchHandle(e, screen, devicePoint(at.x, at.y), stageScale) : null;
  }
}
