// Calibrated drag, picking anchor A or B: a value text node, or a position whose value is then typed.
import { StateNode, type PointerInfo } from '../state-node';
import type { CalibratedDragTool } from './calibrated-drag-tool';

export class PickingAnchor extends StateNode<CalibratedDragTool, { index: 0 | 1 }> {
  readonly id = 'picking-anchor' as const;
  override onEnter({ index }: { index: 0 | 1 }): void {
    this.tool.armedAnchor = index;
  }

  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    this.tool.pickAnchor(this.tool.armedAnchor, e);
    this.tool.transition('idle');
  }
}
