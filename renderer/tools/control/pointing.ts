// Control, pressed and not moved beyond the slop: the release is a tap, or a long press when held long enough.
import { longPressEnvelope, tapEnvelope } from '../../features/manual-control/envelopes';
import { StateNode, type PointerInfo } from '../state-node';
import { DRAG_SLOP_PX, LONG_PRESS_MS, type ControlTool } from './control-tool';

export class ControlPointing extends StateNode<ControlTool, PointerInfo> {
  readonly id = 'pointing' as const;
  private down: PointerInfo | null = null;

  override onEnter(down: PointerInfo): void {
    this.down = down;
    this.tool.ctx.setFeedback({ kind: 'press', at: this.down.device, preview: tapEnvelope(this.down.device) });
  }

  override onExit(): void {
    this.tool.ctx.setFeedback(null);
  }

  override onPointerMove(e: PointerInfo): void {
    const d = this.down!;
    if (Math.hypot(e.stage.x - d.stage.x, e.stage.y - d.stage.y) > DRAG_SLOP_PX) this.tool.transition('dragging', { down: d, move: e });
  }

  override onPointerUp(e: PointerInfo): void {
    const d = this.down!;
    this.tool.transition('idle');
    const held = e.timeMs - d.timeMs;
    this.tool.ctx.send(held >= LONG_PRESS_MS ? longPressEnvelope(d.device, held) : tapEnvelope(d.device));
  }
}
