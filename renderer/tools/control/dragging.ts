// Control, dragging: the path is drawn as the pointer moves; the release sends one drag from the press pixel
// to the release pixel. Released outside the screen, nothing is sent and the operator is told why (the path
// stays drawn in red until the next gesture).
import { dragEnvelope } from '../../features/manual-control/envelopes';
import type { DevicePoint } from '../../../shared/geometry';
import { StateNode, type PointerInfo } from '../state-node';
import type { ControlStates, ControlTool } from './control-tool';

export class ControlDragging extends StateNode<ControlTool, ControlStates['dragging']> {
  readonly id = 'dragging' as const;
  private down: PointerInfo | null = null;
  private path: DevicePoint[] = [];

  override onEnter({ down, move }: ControlStates['dragging']): void {
    this.down = down;
    this.path = [down.device];
    this.onPointerMove(move);
  }

  override onPointerMove(e: PointerInfo): void {
    this.path.push(e.device);
    const d = this.down!;
    this.tool.ctx.setFeedback({ kind: 'path', points: [...this.path], outside: !e.onScreen, preview: dragEnvelope(d.device, e.device, e.timeMs - d.timeMs) });
  }

  override onCancel(): void {
    this.tool.ctx.setFeedback(null);
  }

  override onInterrupt(): void {
    this.tool.ctx.setFeedback(null);
  }

  override onPointerUp(e: PointerInfo): void {
    const { ctx } = this.tool;
    const d = this.down!;
    this.path.push(e.device);
    this.tool.transition('idle');
    if (!e.onScreen) {
      ctx.setFeedback({ kind: 'path', points: this.path, outside: true });
      ctx.notify('error', `drag not sent: released outside the screen at px (${e.device.x}, ${e.device.y}) — OFF_SCREEN; release on the picture to drag`);
      return;
    }
    ctx.setFeedback(null);
    ctx.send(dragEnvelope(d.device, e.device, e.timeMs - d.timeMs));
  }
}
