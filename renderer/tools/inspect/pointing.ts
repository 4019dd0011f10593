// Pressed on a node: the release selects it (Esc before the release selects nothing).
import { StateNode } from '../state-node';
import type { InspectTool } from './inspect-tool';

export class InspectPointing extends StateNode<InspectTool> {
  readonly id = 'pointing';
  private node = -1;
  override onEnter(node: unknown): void {
    this.node = typeof node === 'number' ? node : -1;
  }
  override onPointerUp(): void {
    this.tool.ctx.select(this.node);
    this.tool.transition('idle');
  }
}
