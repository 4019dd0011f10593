// Pinch, nothing pressed: a primary press on a handle starts dragging it.
import { StateNode, type PointerInfo } from '../state-node';
import type { PinchTool } from './pinch-tool';

export class PinchIdle extends StateNode<PinchTool> {
  readonly id = 'idle' as const;

  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    const handle = this.tool.handleAt(e.device, e.stageScale ?? 1);
    if (handle) this.tool.transition('dragging', handle);
  }
}
