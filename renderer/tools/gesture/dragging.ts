// Gesture, dragging a handle: it follows the pointer (device pixels, unclamped: beside the picture it is
// off the screen and painted OFF_SCREEN), Alt snapping it to the nearest node centre. The whole drag is one
// undo step; Esc or an interrupt reverts it.
import { devicePoint } from '../../../shared/geometry';
import { StateNode, type PointerInfo } from '../state-node';
import type { GestureStates, GestureTool } from './gesture-tool';
import { snapToNode } from './handles';
import { moveHandle, spaceOf, toDevice, type HandleRef } from './model';

export class GestureDragging extends StateNode<GestureTool, GestureStates['dragging']> {
  readonly id = 'dragging' as const;
  private handle: HandleRef | null = null;
  private mark: string | null = null;
  /** Pointer offset from the handle's centre at the press, so the handle does not jump to the pointer. */
  private grab = { x: 0, y: 0 };

  override onEnter({ handle, down }: GestureStates['dragging']): void {
    this.handle = handle;
    this.mark = this.tool.host.mark('drag handle');
    const e = this.tool.host.gesture()!;
    const p = toDevice(e.args.frames[handle.frame]!.points[handle.finger]!, spaceOf(e.args), this.tool.host.screen()!);
    this.grab = { x: down.device.x - p.x, y: down.device.y - p.y };
  }

  override onPointerMove(e: PointerInfo): void {
    const host = this.tool.host;
    const gesture = host.gesture();
    const screen = host.screen();
    if (!gesture || !screen || !this.handle) return;
    let to = devicePoint(e.device.x - this.grab.x, e.device.y - this.grab.y);
    if (e.alt) to = snapToNode(e.device, host.nodeCentres(), e.stageScale ?? 1);
    host.update(moveHandle(gesture, this.handle, to, screen));
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
