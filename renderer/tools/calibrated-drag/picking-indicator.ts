// Calibrated drag, picking a pan's fixed indicator: the playhead node's centre, or the clicked position.
import { StateNode, type PointerInfo } from '../state-node';
import type { CalibratedDragTool } from './calibrated-drag-tool';

export class PickingIndicator extends StateNode<CalibratedDragTool> {
  readonly id = 'picking-indicator' as const;

  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    this.tool.pickIndicator(e);
    this.tool.transition('idle');
  }
}
