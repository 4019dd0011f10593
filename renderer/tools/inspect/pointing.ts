// Pressed on a node: the release selects it (Esc before the release selects nothing).
import { StateNode } from '../state-node';
import type { InspectTool } from './inspect-tool';

export class InspectPointing extends StateNode<InspectTool, number> {
  readonly id = 'pointing' as const;
  private node = -1;
  override onEnter(node: number): void {
    this.node = node;
  }
  override onPointerUp(): void {
    this.tool.ctx.select(this.node);
    this.tool.transition('idle');
  }
}
