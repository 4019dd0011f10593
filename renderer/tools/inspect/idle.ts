import { StateNode, type PointerInfo } from '../state-node';
import type { InspectTool } from './inspect-tool';

export class InspectIdle extends StateNode<InspectTool> {
  readonly id = 'idle' as const;
  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    this.tool.transition('pointing', this.tool.ctx.hitTest(e.device));
  }
}
