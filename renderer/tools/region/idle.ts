// Region, nothing pressed: a primary press on a region-taking selected step starts drawing.
import { StateNode, type PointerInfo } from '../state-node';
import type { RegionTool } from './region-tool';

export class RegionIdle extends StateNode<RegionTool> {
  readonly id = 'idle' as const;

  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    const step = this.tool.target();
    if (step) this.tool.transition('drawing', { down: e, stepId: step.id });
  }
}
