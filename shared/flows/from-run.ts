// An agent's (or anyone's) run as a flow: the run's input steps become flow steps, its checks (wait_until,
// wait_for_*, expect_*) the flow's checks, so a run that went well replays without the model. Where the receipt
// names a node — a tap whose point lies on a node with a unique resource id in the tree the step acted on, a
// seed-004 element handle, a click's expected_resource_id — the target becomes a selector (a resource-id click
// member, resolved live on replay; a control's set_text for text typed into a field it replaces), so the flow
// survives a moved layout. Failed and refused steps are left out, and so are reads that check nothing
// (observe_screen, read_control…); every step left out is listed with why. Pure: the caller gives the receipts,
// the trees (from the evidence store) and the device the flow is recorded on, and validates the result.
import { decodeHandle } from '../verify/resolve';
import { toDevicePoint } from '../geometry';
import type { ObservedNode, ObservedTree } from '../observation';
import type { Receipt } from '../receipts/receipt';
import { succeeded } from '../receipts/status';
import { FLOW_FORMAT, MAX_FLOW_TEXT, type RecordedOn } from './format';

export interface RunStep {
  receipt: Receipt;
  /** The tree the step acted on: its before tree, else the last tree seen before it in the run; null if none was kept. */
  tree: ObservedTree | null;
}

export interface FlowStepDraft {
  tool: string;
  args: Record<string, unknown>;
  label: string | null;
  expect?: { wait_until: Record<string, unknown> };
}

export interface FlowDraft {
  format: typeof FLOW_FORMAT;
  name: string;
  description: string;
  recorded_on: RecordedOn;
  steps: FlowStepDraft[];
}

export interface KeptStep {
  /** 1-based position of the receipt in the run. */
  run_step: number;
  tool: string;
  /** 1-based position in the flow (a wait_until folded into the step before it shares that step's number). */
  flow_step: number;
  /** How it went in: as sent, its target turned into a selector, or as the check of the step before it. */
  as: 'call' | 'selector' | 'check';
}

export interface LeftOut {
  run_step: number;
  tool: string;
  status: Receipt['status'];
  code: string | null;
  why: string;
}

export interface FromRunResult {
  flow: FlowDraft;
  kept: KeptStep[];
  left_out: LeftOut[];
}

/** Checks: a replay runs them and fails the flow when they do not hold. */
const CHECKS = new Set([
  'wait_until',
  'wait_for_text',
  'wait_for_ui',
  'wait_for_screen_change',
  'wait_for_ui_change',
  'expect_screen',
  'expect_element_visible',
  'expect_state',
]);
/** Reads that check nothing: a replay has nothing to do with them. */
const READS = new Set([
  'observe_screen',
  'get_ui_hierarchy',
  'take_screenshot',
  'read_control',
  'find_element',
  'get_screen_fingerprint',
  'get_current_activity',
  'capture_debug_snapshot',
  'capture_screenshot',
  'get_logs',
  'start_log_stream',
  'read_log_stream',
  'stop_log_stream',
  'get_network_activity',
  'list_devices',
  'healthcheck',
  'classify_action_outcome',
]);

const isPoint = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number');

/** The topmost, deepest node under a pixel, and the nearest node at or above it whose resource id is unique in the tree. */
function uniqueNodeAt(tree: ObservedTree, x: number, y: number): ObservedNode | null {
  let hit: ObservedNode | null = null;
  for (const n of tree.nodes) {
    const [l, t, r, b] = n.bounds_px;
    if (x < l || x >= r || y < t || y >= b) continue;
    if (!hit || n.window > hit.window || (n.window === hit.window && n.depth >= hit.depth)) hit = n;
  }
  const counts = new Map<string, number>();
  for (const n of tree.nodes) if (n.resource_id) counts.set(n.resource_id, (counts.get(n.resource_id) ?? 0) + 1);
  let node = hit;
  while (node && !(node.resource_id && counts.get(node.resource_id) === 1))
    node = node.parent === null ? null : (tree.nodes[node.parent] ?? null);
  return node;
}

/** A node in a few words, for a label and a target_description. */
function nodeWords(n: {
  class_name: string | null;
  resource_id: string | null;
  text: string | null;
  content_desc: string | null;
}): string {
  const words = n.text || n.content_desc || '';
  if (words) return JSON.stringify(words.length > 40 ? `${words.slice(0, 39)}…` : words);
  if (n.resource_id) return n.resource_id.slice(n.resource_id.indexOf('/') + 1);
  return (n.class_name ?? 'element').split('.').pop()!;
}

const label = (text: string) => text.slice(0, MAX_FLOW_TEXT);

/** A one-member sequence that taps a resource id (resolved to its live bounds on replay). */
function idClick(
  resourceId: string,
  description: string,
  times = 1,
  delayMs = 100,
): { tool: string; args: Record<string, unknown> } {
  return {
    tool: 'action_sequence',
    args: {
      steps: [
        {
          action: 'click',
          target: resourceId,
          target_description: description.slice(0, 512),
          coordinate_space: 'normalized',
          times,
          delay_ms: delayMs,
          unless_visible: null,
        },
      ],
    },
  };
}

type Converted = { tool: string; args: Record<string, unknown>; label: string | null; selector: boolean };

/** One successful input step as a flow step: its target as a selector where the receipt (or its tree) names a node. */
function convertInput(r: Receipt, tree: ObservedTree | null): Converted {
  const args = (r.args ?? {}) as Record<string, unknown>;
  const pointNode = (p: [number, number], space: 'normalized' | 'pixel') => {
    if (!tree) return null;
    const px = toDevicePoint(p, space, tree.screen);
    return uniqueNodeAt(tree, px.x, px.y);
  };
  switch (r.tool) {
    case 'click': {
      const expected =
        typeof args['expected_resource_id'] === 'string' ? (args['expected_resource_id'] as string) : null;
      const node = isPoint(args['target']) ? pointNode(args['target'], 'normalized') : null;
      const id = expected ?? node?.resource_id ?? null;
      if (id) {
        const words = node && node.resource_id === id ? nodeWords(node) : id.slice(id.indexOf('/') + 1);
        return {
          ...idClick(id, words, Number(args['times'] ?? 1), Number(args['delay_ms'] ?? 100)),
          label: label(`tap ${words}`),
          selector: true,
        };
      }
      break;
    }
    case 'tap': {
      const node =
        typeof args['x'] === 'number' && typeof args['y'] === 'number'
          ? pointNode([args['x'], args['y']], 'pixel')
          : null;
      if (node?.resource_id)
        return {
          ...idClick(node.resource_id, nodeWords(node)),
          label: label(`tap ${nodeWords(node)}`),
          selector: true,
        };
      break;
    }
    case 'tap_element': {
      const h = typeof args['elementId'] === 'string' ? decodeHandle(args['elementId']) : null;
      const words = h ? nodeWords({ class_name: h.c, resource_id: h.r, text: h.t, content_desc: h.d }) : 'element';
      if (h?.r) return { ...idClick(h.r, words), label: label(`tap ${words}`), selector: true };
      // A handle without a resource id is self-contained (identity by class and text): it replays as it is.
      return { tool: r.tool, args, label: label(`tap ${words}`), selector: true };
    }
    case 'input_text': {
      const node = isPoint(args['target']) ? pointNode(args['target'], 'normalized') : null;
      // Replacing the field's text (clear_exist) is exactly set_text on it; appending stays input_text.
      if (node?.resource_id && args['clear_exist'] !== false && typeof args['text'] === 'string') {
        const selector = {
          resource_id: node.resource_id,
          text: null,
          content_desc: null,
          class_name: null,
          package_name: null,
          bounds: null,
        };
        return {
          tool: 'control_action',
          args: { selector, action: 'set_text', text: args['text'] },
          label: label(`type in ${nodeWords({ ...node, text: null })}`),
          selector: true,
        };
      }
      return {
        tool: r.tool,
        args,
        label: label(`type ${JSON.stringify(String(args['text'] ?? '').slice(0, 40))}`),
        selector: false,
      };
    }
    case 'type_text':
      return {
        tool: r.tool,
        args,
        label: label(`type ${JSON.stringify(String(args['text'] ?? '').slice(0, 40))}`),
        selector: false,
      };
    case 'control_action': {
      const sel = args['selector'] as { resource_id?: string | null; text?: string | null } | undefined;
      const target = sel?.text
        ? JSON.stringify(sel.text)
        : sel?.resource_id
          ? sel.resource_id.slice(sel.resource_id.indexOf('/') + 1)
          : 'control';
      return { tool: r.tool, args, label: label(`${String(args['action'] ?? 'act on')} ${target}`), selector: true };
    }
    default:
      break;
  }
  return { tool: r.tool, args, label: null, selector: false };
}

/** expect_* naming an element by a handle: its selector when the handle names a resource id (handles carry bounds too). */
function convertCheck(r: Receipt): { tool: string; args: Record<string, unknown>; label: string } {
  const args = { ...((r.args ?? {}) as Record<string, unknown>) };
  if (r.tool === 'expect_state' && typeof args['element_id'] === 'string' && args['selector'] === undefined) {
    const h = decodeHandle(args['element_id']);
    if (h?.r) {
      delete args['element_id'];
      args['selector'] = { resource_id: h.r };
    }
  }
  return { tool: r.tool, args, label: label(`check ${r.check ? `${r.check.subject} ${r.check.expected}` : r.tool}`) };
}

function leftOut(r: Receipt, step: number, why: string): LeftOut {
  return { run_step: step, tool: r.tool, status: r.status, code: r.code, why };
}

export function flowFromRun(
  steps: readonly RunStep[],
  meta: { name: string; description?: string; recorded_on: RecordedOn },
): FromRunResult {
  const out: FlowStepDraft[] = [];
  const kept: KeptStep[] = [];
  const left: LeftOut[] = [];
  steps.forEach(({ receipt: r, tree }, i) => {
    const n = i + 1;
    if (!succeeded(r)) {
      const refused = r.status === 'not_started';
      left.push(
        leftOut(
          r,
          n,
          `${refused ? 'refused' : 'failed'}: ${r.status}${r.code ? ` ${r.code}` : ''}${r.message ? ` — ${r.message}` : ''}`,
        ),
      );
      return;
    }
    if (READS.has(r.tool)) {
      left.push(leftOut(r, n, 'a read that checks nothing: nothing to replay'));
      return;
    }
    if (CHECKS.has(r.tool)) {
      const previous = out[out.length - 1];
      // A wait right after an input is that step's expectation (the replay polls it once the input succeeded).
      if (r.tool === 'wait_until' && previous && !previous.expect && !CHECKS.has(previous.tool)) {
        previous.expect = { wait_until: (r.args ?? {}) as Record<string, unknown> };
        kept.push({ run_step: n, tool: r.tool, flow_step: out.length, as: 'check' });
        return;
      }
      const c = convertCheck(r);
      out.push({ tool: c.tool, args: c.args, label: c.label });
      kept.push({ run_step: n, tool: r.tool, flow_step: out.length, as: 'check' });
      return;
    }
    const c = convertInput(r, tree);
    out.push({ tool: c.tool, args: c.args, label: c.label });
    kept.push({ run_step: n, tool: r.tool, flow_step: out.length, as: c.selector ? 'selector' : 'call' });
  });
  const description = meta.description ?? '';
  return {
    flow: { format: FLOW_FORMAT, name: meta.name, description, recorded_on: meta.recorded_on, steps: out },
    kept,
    left_out: left,
  };
}

/**
 * The tree each step acted on: an input's before tree, else the latest tree the run had seen by then (a read's,
 * or the previous input's after tree), so an agent's observe → tap finds the node the agent looked at.
 */
export function actedOnTrees(
  steps: ReadonlyArray<{ before: ObservedTree | null; after: ObservedTree | null }>,
): Array<ObservedTree | null> {
  let seen: ObservedTree | null = null;
  return steps.map((s) => {
    const tree = s.before ?? seen;
    seen = s.after ?? s.before ?? seen;
    return tree;
  });
}
