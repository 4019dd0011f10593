// Control, pressed and not moved beyond the slop: the finger went down with the press and follows the pointer;
// the release lifts it. Without a live backend the release sends a tap, or a long press when held long enough.
import type { LiveContactHandle } from '../../features/live-touch/live-contact';
import { longPressEnvelope, tapEnvelope } from '../../features/manual-control/envelopes';
import { StateNode, type InterruptReason, type PointerInfo } from '../state-node';
import { LONG_PRESS_MS } from '../../../shared/gesture/contact-call';
import { DRAG_SLOP_PX } from '../constants';
import type { ControlTool } from './control-tool';

export class ControlPointing extends StateNode<ControlTool, PointerInfo> {
  readonly id = 'pointing' as const;
  private down: PointerInfo | null = null;
  private contact: LiveContactHandle | null = null;
  /** Raw moves arrive (pointerrawupdate): the finger follows them, pointermove only draws. */
  private raw = false;

  override onEnter(down: PointerInfo): void {
    this.down = down;
    this.raw = false;
    this.contact = this.tool.ctx.touch('pointer', [down.device], down.timeMs);
    this.tool.ctx.setFeedback({ kind: 'press', at: down.device });
  }

  override onExit(): void {
    this.tool.ctx.setFeedback(null);
  }

  override onPointerRawMove(e: PointerInfo): void {
    this.raw = true;
    if (e.onScreen) this.contact!.move([e.device], e.timeMs);
  }

  override onPointerMove(e: PointerInfo): void {
    const d = this.down!;
    if (!e.onScreen || Math.hypot(e.stage.x - d.stage.x, e.stage.y - d.stage.y) > DRAG_SLOP_PX) {
      this.tool.transition('dragging', { down: d, move: e, contact: this.contact!, raw: this.raw });
      return;
    }
    if (!this.raw) this.contact!.move([e.device], e.timeMs);
  }

  override onPointerUp(e: PointerInfo): void {
    const d = this.down!;
    this.tool.transition('idle');
    const held = e.timeMs - d.timeMs;
    this.contact!.up([e.onScreen ? e.device : d.device], e.timeMs, () =>
      held >= LONG_PRESS_MS ? longPressEnvelope(d.device, held) : tapEnvelope(d.device),
    );
  }

  override onCancel(): void {
    this.contact?.cancel('escape');
  }

  override onInterrupt(reason: InterruptReason): void {
    this.contact?.cancel(reason);
  }
}
