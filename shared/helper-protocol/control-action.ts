// control_action's checks against the resolved node, in order, and the reference model of each action's
// effect. Every refusal here happens before any input; the order is part of the protocol (PROTOCOL.md).
import type { DeviceState, HelperNode } from './device-state';
import { identityToken, reportedText } from './identity';
import { availableActions, fieldText } from './reading';
import type { RequestOf } from './requests';

type ControlRequest = RequestOf<'control_action'>;
export type Refusal = { code: 'INVALID_ARGUMENT' | 'STALE' | 'UNSUPPORTED_ACTION'; message: string; path?: string };

/** Which arguments each action takes; the others must be null. Checked before the device is read. */
export function argumentRefusal(req: ControlRequest): Refusal | null {
  const needs = {
    value: req.action === 'set_progress',
    text: req.action === 'set_text' || req.action === 'replace_selection',
    selection: req.action === 'set_selection',
  };
  const given = {
    value: req.value !== null,
    text: req.text !== null,
    selection: req.selection_start !== null || req.selection_end !== null,
  };
  for (const key of ['value', 'text', 'selection'] as const) {
    // For the selection pair, point at the missing end when required, at the given end when refused.
    const selectionPath = (req.selection_start === null) === needs.selection ? '/selection_start' : '/selection_end';
    const path = key === 'selection' ? selectionPath : `/${key}`;
    if (needs[key] && !given[key]) return { code: 'INVALID_ARGUMENT', path, message: `${req.action} requires ${key}` };
    if (!needs[key] && given[key]) return { code: 'INVALID_ARGUMENT', path, message: `${req.action} takes no ${key}` };
  }
  if (req.value !== null && !Number.isFinite(req.value))
    return { code: 'INVALID_ARGUMENT', path: '/value', message: 'value must be finite' };
  if (needs.selection) {
    if (req.selection_start === null || req.selection_end === null) {
      return {
        code: 'INVALID_ARGUMENT',
        path: req.selection_start === null ? '/selection_start' : '/selection_end',
        message: 'set_selection requires both ends',
      };
    }
    if (req.selection_end < req.selection_start)
      return { code: 'INVALID_ARGUMENT', path: '/selection_end', message: 'selection_end is before selection_start' };
  }
  return null;
}

/** True when a UTF-16 offset falls between the two halves of a surrogate pair. */
export function splitsSurrogatePair(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return false;
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

/** Token, support and value checks against the freshly resolved node (occlusion comes after these). */
export function nodeRefusal(state: DeviceState, node: HelperNode, req: ControlRequest): Refusal | null {
  if (req.expected_token !== null && req.expected_token !== identityToken(node)) {
    return {
      code: 'STALE',
      path: '/expected_token',
      message: 'the control changed identity, text or position since it was read',
    };
  }
  if (!availableActions(state, node).includes(req.action)) {
    return { code: 'UNSUPPORTED_ACTION', path: '/action', message: `the control does not support ${req.action}` };
  }
  if (!node.flags.enabled) return { code: 'UNSUPPORTED_ACTION', path: '/action', message: 'the control is disabled' };
  if (req.action === 'set_progress') {
    const range = node.range;
    if (range === null) return { code: 'UNSUPPORTED_ACTION', path: '/action', message: 'the control has no range' };
    const value = req.value as number;
    if (value < range.min || value > range.max) {
      return {
        code: 'INVALID_ARGUMENT',
        path: '/value',
        message: `value ${value} is outside [${range.min}, ${range.max}]`,
      };
    }
  }
  if (req.action === 'set_selection') {
    // Offsets index the field's content: a hint shown in its place (showing_hint_text) has none.
    const text = fieldText({ text: reportedText(node), flags: node.flags }) ?? '';
    for (const [key, offset] of [
      ['selection_start', req.selection_start],
      ['selection_end', req.selection_end],
    ] as const) {
      const at = offset as number;
      if (at > text.length)
        return {
          code: 'INVALID_ARGUMENT',
          path: `/${key}`,
          message: `${key} ${at} is past the text's ${text.length} UTF-16 units`,
        };
      if (splitsSurrogatePair(text, at))
        return { code: 'INVALID_ARGUMENT', path: `/${key}`, message: `${key} ${at} splits a surrogate pair` };
    }
  }
  return null;
}

/** The node holding `text` as its content: no longer showing its hint (the model cannot know when a hint returns). */
function withContent(node: HelperNode, text: string, selection: HelperNode['selection']): HelperNode {
  const { showing_hint_text: _hint, ...flags } = node.flags;
  return { ...node, text, selection, flags };
}

/** The reference model of what each action does to the node (input-only actions change nothing it models). */
export function applyControlAction(state: DeviceState, index: number, req: ControlRequest): DeviceState {
  const node = state.nodes[index] as HelperNode;
  let next: HelperNode = node;
  switch (req.action) {
    case 'set_progress':
      next = { ...node, range: node.range && { ...node.range, current: req.value as number } };
      break;
    case 'set_text': {
      const text = req.text as string;
      next = withContent(node, text, node.selection && { start: text.length, end: text.length });
      break;
    }
    case 'set_selection':
      next = { ...node, selection: { start: req.selection_start as number, end: req.selection_end as number } };
      break;
    case 'replace_selection': {
      // Keeps the other content (none while the hint shows); the cursor lands at the end of the insertion.
      const old = fieldText(node) ?? '';
      const { start, end } = node.selection as { start: number; end: number };
      const inserted = req.text as string;
      const cursor = start + inserted.length;
      next = withContent(node, old.slice(0, start) + inserted + old.slice(end), { start: cursor, end: cursor });
      break;
    }
    default:
      return state;
  }
  const nodes = state.nodes.slice();
  nodes[index] = next;
  return { ...state, nodes };
}
