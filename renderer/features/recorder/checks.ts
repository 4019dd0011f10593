// "Add check" on the inspected node: an expectation step that waits (read-only) until the node shows what it
// shows now — its text, its checked state, its value, or just its presence. The selector is the node's
// native_selector (its identity, never its text), so the check reads the same control on replay.
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
  return { tool: 'wait_until', args: { selector: { ...node.native_selector }, ...condition, timeout_ms: RECORDED_WAIT_TIMEOUT_MS } };
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
