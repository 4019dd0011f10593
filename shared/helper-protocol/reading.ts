// One node's full reading, as read_control, probe and control_action report it.
import { actionCapability, capabilitiesForSdk, type ControlActionName } from './capabilities';
import { wireFlags, type DeviceState, type HelperNode, type NodeFlags } from './device-state';
import { contentSignature, identityToken, reportedText } from './identity';
import type { ControlReading } from './responses';

/**
 * Actions control_action can perform on the node on this device: the advertised ones the SDK supports, plus
 * replace_selection where set_text is available, the selection is known and the text is not hidden (password).
 */
export function availableActions(state: DeviceState, node: HelperNode): ControlActionName[] {
  const capabilities = new Set(capabilitiesForSdk(state.sdk));
  const actions: ControlActionName[] = node.actions.filter((a) => capabilities.has(actionCapability(a)));
  if (actions.includes('set_text') && node.selection !== null && !node.flags.password)
    actions.push('replace_selection');
  return actions;
}

export function readControl(state: DeviceState, index: number): ControlReading {
  const node = state.nodes[index] as HelperNode;
  return {
    node_index: index,
    window_id: node.window_id as number,
    package_name: node.package_name,
    class_name: node.class_name,
    resource_id: node.resource_id,
    text: reportedText(node),
    content_desc: node.content_desc,
    bounds_px: node.bounds_px,
    range: node.range,
    actions: availableActions(state, node),
    selection: node.selection,
    flags: wireFlags(node.flags),
    token: identityToken(node),
    content_signature: contentSignature(state, index),
  };
}

/**
 * What the field holds: on API ≥ 26 an empty field reports its hint as `text` with `showing_hint_text`, so its
 * content is then ''. Otherwise the reported text (null for a password or a node without text).
 */
export function fieldText(node: { text: string | null; flags: Pick<NodeFlags, 'showing_hint_text'> }): string | null {
  return node.flags.showing_hint_text === true ? '' : node.text;
}
