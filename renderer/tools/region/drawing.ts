// Region, drawing: the rectangle follows the pointer; the release attaches it to the step (right/bottom
// exclusive, so the released pixel is inside). Esc or an interrupt drops it; the step is unchanged.
import { deviceRectToRegion } from '../../../shared/geometry';
import { StateNode, type PointerInfo } from '../state-node';
import { MIN_REGION_PX } from '../constants';
import type { RegionStates, RegionTool } from './region-tool';

export class RegionDrawing extends StateNode<RegionTool, RegionStates['drawing']> {
  readonly id = 'drawing' as const;
  private down: PointerInfo | null = null;
  private stepId = '';

  override onEnter({ down, stepId }: RegionStates['drawing']): void {
    this.down = down;
    this.stepId = stepId;
    this.tool.ctx.setFeedback({ kind: 'rect', from: down.device, to: down.device });
  }

  override onPointerMove(e: PointerInfo): void {
    this.tool.ctx.setFeedback({ kind: 'rect', from: this.down!.device, to: e.device });
  }

  override onExit(): void {
    this.tool.ctx.setFeedback(null);
  }

  override onPointerUp(e: PointerInfo): void {
    const { ctx } = this.tool;
    const a = this.down!.device;
    const b = e.device;
    this.tool.transition('idle');
    const rect = [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x) + 1, Math.max(a.y, b.y) + 1] as const;
    if (rect[2] - rect[0] < MIN_REGION_PX || rect[3] - rect[1] < MIN_REGION_PX) {
      ctx.notify('info', 'region not attached: drag a rectangle (a click is not a region)');
      return;
    }
    const step = ctx.selectedStep();
    const screen = ctx.screen();
    if (!step || step.id !== this.stepId || !screen) return;
    const space = step.envelope.args.coordinate_space === 'pixel' ? 'pixel' : 'normalized';
    const region = deviceRectToRegion(rect, space, screen);
    ctx.editStep(step.id, { tool: step.envelope.tool, args: { ...step.envelope.args, region } }, 'attach region');
    ctx.notify('info', `region [${region.join(', ')}] (${space}) attached to the ${step.envelope.tool} step`);
  }
}
