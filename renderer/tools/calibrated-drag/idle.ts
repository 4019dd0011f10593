// Calibrated drag, nothing armed: a click picks the next part the draft still lacks (nextPick).
import { StateNode, type PointerInfo } from '../state-node';
import type { CalibratedDragTool } from './calibrated-drag-tool';
import { nextPick } from './draft';

export class CalibratedIdle extends StateNode<CalibratedDragTool> {
  readonly id = 'idle' as const;

  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    const next = nextPick(this.tool.ctx.calibratedDraft());
    if (!next) {
      this.tool.ctx.notify('info', 'the drag is complete: re-pick a part with its button in the builder, or Send');
      return;
    }
    this.tool.arm(next);
    this.tool.pointerDown(e);
  }
}
