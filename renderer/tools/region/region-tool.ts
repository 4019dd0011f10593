// Region: draw a rectangle on the stage and attach it to the selected document step as its `region` argument
// (drag, pinch or touch_gesture), in that call's coordinate space (pixel, or normalized through shared/geometry).
// idle → drawing (pressed) → released: attached as one undo step ("attach region"). The step is then judged
// again by prepareCall, so a path leaving the region carries OUTSIDE_REGION before anything is dispatched.
import { REGION_TOOLS } from '../constants';
import { Tool, type PointerInfo } from '../state-node';
import type { ToolContext } from '../tool-context';
import { RegionDrawing } from './drawing';
import { RegionIdle } from './idle';

/** Region's states: drawing enters with the press and the step the region goes to. */
export interface RegionStates {
  idle: void;
  drawing: { down: PointerInfo; stepId: string };
}

export class RegionTool extends Tool<RegionStates> {
  readonly id = 'region';
  readonly label = 'Region';
  readonly shortcut = 'B';
  readonly hint = 'Region: draw the rectangle a drag, pinch or gesture step must stay inside (R)';
  constructor(readonly ctx: ToolContext) {
    super();
    this.init<RegionTool>({ idle: RegionIdle, drawing: RegionDrawing });
  }

  /** The selected step when it takes a region, else null (and the operator is told why). */
  target(): { id: string; envelope: { tool: string; args: Record<string, unknown> } } | null {
    const step = this.ctx.selectedStep();
    if (!step || !(REGION_TOOLS as readonly string[]).includes(step.envelope.tool)) {
      this.ctx.notify('error', `region not drawn: select one ${REGION_TOOLS.join(', ')} step in the document first`);
      return null;
    }
    return step;
  }
}
