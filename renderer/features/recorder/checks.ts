// "Add check" on the inspected node: an expectation step that waits (read-only) until the node shows what it
// shows now — its text, its checked state, its value, or just its presence. The selector is the node's
// native_selector (its identity, never its text), so the check reads the same control on replay. With "verify",
// the wait is followed by seed 004's authoritative expectation (expect_state / expect_element_visible), which fails
// the replay with EXPECTATION_FAILED instead of only waiting: resolve → act → wait → expect.
import type { ToolEnvelope } from '../../../shared/actions';
import type { ObservedNode } from '../../../shared/observation';
import { RECORDED_WAIT_TIMEOUT_MS } from './gap-wait';

export const CHECK_KINDS = ['text', 'checked', 'value', 'presence'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** The checks that make sense for a node (a value needs a live reading: see valueCheck). */
export function checksFor(node: ObservedNode): CheckKind[] {
  if (!node.native_selector) return [];
  const kinds: CheckKind[] = ['presence'];
  if (node.text !== '') kinds.unshift('text');
  if (node.flags.checkable) kinds.unshift('checked');
  if (/SeekBar|ProgressBar|RatingBar|Slider/.test(node.class_name)) kinds.unshift('value');
  return kinds;
}

function waitUntil(node: ObservedNode, condition: Record<string, unknown>): ToolEnvelope {
  return {
    tool: 'wait_until',
    args: { selector: { ...node.native_selector }, ...condition, timeout_ms: RECORDED_WAIT_TIMEOUT_MS },
  };
}

/** The check step for a kind other than value; null when the node has no selector. */
export function checkStep(node: ObservedNode, kind: Exclude<CheckKind, 'value'>): ToolEnvelope | null {
  if (!node.native_selector) return null;
  switch (kind) {
    case 'text':
      return waitUntil(node, { state: 'text', expected_text: node.text });
    case 'checked':
      return waitUntil(node, { state: node.flags.checked ? 'checked' : 'unchecked' });
    case 'presence':
      return waitUntil(node, { state: 'visible' });
  }
}

/** The value check from a live read_control reading's current value. */
export function valueCheck(node: ObservedNode, current: number): ToolEnvelope | null {
  return node.native_selector ? waitUntil(node, { state: 'value', expected_value: current }) : null;
}

/** Seed 004's selector for the node: its resource id and class (null without a resource id: no stable identity). */
function elementSelector(node: ObservedNode): { resource_id: string; class_name?: string } | null {
  const id = node.native_selector?.resource_id;
  if (typeof id !== 'string' || id === '') return null;
  return { resource_id: id, ...(node.class_name !== '' && { class_name: node.class_name }) };
}

/** Whether the node can be verified with an expect_* step (it has a resource id). */
export const canExpect = (node: ObservedNode): boolean => elementSelector(node) !== null;

/** The expect_* step verifying what the check waits for (the value kind with its live reading); null without a resource id. */
export function expectStep(node: ObservedNode, kind: CheckKind, current?: number): ToolEnvelope | null {
  const selector = elementSelector(node);
  if (!selector) return null;
  switch (kind) {
    case 'text':
      return { tool: 'expect_state', args: { selector, property: 'text_value', expected: node.text } };
    case 'checked':
      return { tool: 'expect_state', args: { selector, property: 'checked', expected: node.flags.checked } };
    case 'value':
      return current === undefined
        ? null
        : { tool: 'expect_state', args: { selector, property: 'value', expected: current } };
    case 'presence':
      return { tool: 'expect_element_visible', args: { selector } };
  }
}
