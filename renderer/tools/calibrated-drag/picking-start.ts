// Calibrated drag, picking the handle / start: the click snaps to the control's centre (pickStart).
import { StateNode, type PointerInfo } from '../state-node';
import type { CalibratedDragTool } from './calibrated-drag-tool';

export class PickingStart extends StateNode<CalibratedDragTool> {
  readonly id = 'picking-start' as const;

  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    this.tool.pickStart(e);
    this.tool.transition('idle');
  }
}
