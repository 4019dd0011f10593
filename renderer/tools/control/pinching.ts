// Control, Ctrl+drag: two fingers, the pointer and its mirror through the anchor (pinch-envelope.ts), drawn
// live with the preview of what would be dispatched; the release sends one touch_gesture through the
// executor. Esc or an interrupt drops it.
import { devicePoint, type DevicePoint } from '../../../shared/geometry';
import { StateNode, type PointerInfo } from '../state-node';
import type { ControlTool } from './control-tool';
import { ctrlPinchEnvelope, type TimedPoint } from './pinch-envelope';

export class ControlPinching extends StateNode<ControlTool, PointerInfo> {
  readonly id = 'pinching' as const;
  private path: TimedPoint[] = [];
  private anchor: DevicePoint = devicePoint(0, 0);
  private aroundPress = false;

  override onEnter(down: PointerInfo): void {
    const screen = this.tool.ctx.screen();
    this.aroundPress = !!down.shift;
    this.anchor = this.aroundPress || !screen ? down.device : devicePoint(Math.floor(screen.width / 2), Math.floor(screen.height / 2));
    // Around the press point the fingers start together: the first sample is where the pointer first moves.
    this.path = this.aroundPress ? [] : [{ p: down.device, t: down.timeMs }];
    this.show();
  }

  override onPointerMove(e: PointerInfo): void {
    this.path.push({ p: e.device, t: e.timeMs });
    this.show();
  }

  override onPointerUp(e: PointerInfo): void {
    this.path.push({ p: e.device, t: e.timeMs });
    const envelope = ctrlPinchEnvelope(this.path, this.anchor, this.aroundPress);
    const { ctx } = this.tool;
    this.tool.transition('idle');
    ctx.setFeedback(null);
    if (!envelope) {
      ctx.notify('error', 'pinch not sent: move while holding Ctrl to pinch or rotate');
      return;
    }
    ctx.send(envelope);
  }

  override onCancel(): void {
    this.tool.ctx.setFeedback(null);
  }

  override onInterrupt(): void {
    this.tool.ctx.setFeedback(null);
  }

  private show(): void {
    const envelope = ctrlPinchEnvelope(this.path, this.anchor, this.aroundPress);
    this.tool.ctx.setFeedback({ kind: 'press', at: this.anchor, ...(envelope && { preview: envelope }) });
  }
}
