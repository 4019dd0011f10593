// Pinch, dragging a handle: one undo step for the whole drag; Esc or an interrupt reverts it.
import { StateNode, type PointerInfo } from '../state-node';
import { dragPinchHandle, type PinchHandle } from './model';
import type { PinchTool } from './pinch-tool';

export class PinchDragging extends StateNode<PinchTool, PinchHandle> {
  readonly id = 'dragging' as const;
  private handle: PinchHandle = 'centre';
  private mark: string | null = null;

  override onEnter(handle: PinchHandle): void {
    this.handle = handle;
    this.mark = this.tool.host.mark(`drag pinch ${this.handle}`);
  }

  override onPointerMove(e: PointerInfo): void {
    const host = this.tool.host;
    const pinch = host.gesture();
    const screen = host.screen();
    if (pinch && screen) host.update(dragPinchHandle(pinch, this.handle, e.device, screen));
  }

  override onPointerUp(e: PointerInfo): void {
    this.onPointerMove(e);
    this.mark = null;
    this.tool.transition('idle');
  }

  override onCancel(): void {
    this.revert();
  }

  override onInterrupt(): void {
    this.revert();
  }

  private revert(): void {
    if (this.mark) this.tool.host.bail(this.mark);
    this.mark = null;
  }
}
