// Calibrated drag, picking the readout the executor verifies: bound by native selector, format from its text.
import { StateNode, type PointerInfo } from '../state-node';
import type { CalibratedDragTool } from './calibrated-drag-tool';

export class PickingReadout extends StateNode<CalibratedDragTool> {
  readonly id = 'picking-readout' as const;

  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    this.tool.pickReadout(e);
    this.tool.transition('idle');
  }
}
