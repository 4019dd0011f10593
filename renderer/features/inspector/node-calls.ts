// The canonical calls the inspector offers on the selected node, each addressed by the node's native_selector
// (its identity: resource id, class, package, bounds only when the id does not tell it apart — never its text):
// Tap and Long press are control_action click / long_click, Type here is control_action set_text, Wait for is
// wait_until visible. The executor resolves the selector afresh on the device, as on replay.
import type { ToolEnvelope } from '../../../shared/actions';
import type { ObservedNode } from '../../../shared/observation';

export const NODE_ACTS = ['tap', 'long-press', 'type', 'wait'] as const;
export type NodeAct = (typeof NODE_ACTS)[number];

/** The call, or null when the node has no selector. */
export function nodeCall(node: ObservedNode, act: NodeAct, text = ''): ToolEnvelope | null {
  if (!node.native_selector) return null;
  const selector = { ...node.native_selector };
  switch (act) {
    case 'tap':
      return { tool: 'control_action', args: { selector, action: 'click' } };
    case 'long-press':
      return { tool: 'control_action', args: { selector, action: 'long_click' } };
    case 'type':
      return { tool: 'control_action', args: { selector, action: 'set_text', text } };
    case 'wait':
      return { tool: 'wait_until', args: { selector, state: 'visible' } };
  }
}
