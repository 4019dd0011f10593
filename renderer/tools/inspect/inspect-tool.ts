// Inspect: hovering highlights (the stage does that for every tool); a press on a node and its release select it.
import { Tool } from '../state-node';
import type { ToolContext } from '../tool-context';
import { InspectIdle } from './idle';
import { InspectPointing } from './pointing';

/** Inspect's states: pointing enters with the node index under the press (−1: none). */
export interface InspectStates {
  idle: void;
  pointing: number;
}

export class InspectTool extends Tool<InspectStates> {
  readonly id = 'inspect';
  readonly label = 'Inspect';
  readonly shortcut = 'I';
  readonly hint = 'Inspect: hover and click to select nodes (I)';
  constructor(readonly ctx: ToolContext) {
    super();
    this.init<InspectTool>({ idle: InspectIdle, pointing: InspectPointing });
  }
}
