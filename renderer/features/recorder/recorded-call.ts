// The step a recording keeps for one call that was validated and sent. A tap (in pixels, or a single
// normalized click such as a live touch's) on a node whose resource id is unique becomes a resource-id click
// (resolved live on replay, so it survives a moved or resized layout); another normalized click gains
// `expected_resource_id`; pixel gestures keep their coordinates and take their
// target_description from the node under the pointer. Selector tools (read_control, control_action, waits)
// are kept as sent: their native selectors are already semantic.
import type { ToolEnvelope } from '../../../shared/actions';
import type { Observation } from '../../../shared/ipc';
import type { ObservedNode } from '../../../shared/observation';
import { toDevicePoint } from '../../../shared/geometry';
import { describeNode, resourceIdCounts, targetAt, type PointerTarget } from './targets';

export interface RecordedCall {
  envelope: ToolEnvelope;
  /** The unique resource id the call acts on, when it has one (the next wait's condition, the changed node). */
  resourceId: string | null;
  /** Where the pointer went down, in device pixels, when the call touches the screen. */
  at: { x: number; y: number } | null;
  /** Bounds of the node under the pointer (where the call's effect is looked for first), else null. */
  near: readonly [number, number, number, number] | null;
  /** The call targets a control by id (semantic) rather than by coordinates. */
  semantic: boolean;
  /** The node it acts on (under the pointer, the unique node it names, or the focused field), for its label. */
  node: ObservedNode | null;
}

type Args = Record<string, unknown>;

const isPoint = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number');

function pixelOf(
  point: [number, number],
  space: unknown,
  observation: Observation | null,
): { x: number; y: number } | null {
  if (!observation) return space === 'pixel' ? { x: point[0], y: point[1] } : null;
  return toDevicePoint(point, space === 'pixel' ? 'pixel' : 'normalized', observation.screen);
}

function described(args: Args, target: PointerTarget): Args {
  return target.node ? { ...args, target_description: describeNode(target.node) } : args;
}

function selectorId(args: Args): string | null {
  const selector = (args.selector ?? (args.request as Args | undefined)?.selector) as Args | undefined;
  return typeof selector?.resource_id === 'string' ? selector.resource_id : null;
}

/** One tap member sent as pixels → a resource-id click when the node under it is uniquely identified. */
function recordSequence(envelope: ToolEnvelope, observation: Observation | null): RecordedCall {
  const steps = (envelope.args.steps as Args[] | undefined) ?? [];
  const first = steps[0];
  if (steps.length !== 1 || first?.action !== 'click' || !isPoint(first.target)) {
    return { envelope, resourceId: null, at: null, near: null, semantic: false, node: null };
  }
  const at = pixelOf(first.target, first.coordinate_space, observation);
  const target = at ? targetAt(observation, at.x, at.y) : { node: null, unique: null };
  if (target.unique?.resource_id) {
    const member = { ...first, target: target.unique.resource_id, target_description: describeNode(target.unique) };
    return {
      envelope: { tool: 'action_sequence', args: { ...envelope.args, steps: [member] } },
      resourceId: target.unique.resource_id,
      at,
      near: target.node?.bounds_px ?? null,
      semantic: true,
      node: target.unique,
    };
  }
  return {
    envelope: { tool: 'action_sequence', args: { ...envelope.args, steps: [described(first, target)] } },
    resourceId: null,
    at,
    near: target.node?.bounds_px ?? null,
    semantic: false,
    node: target.node,
  };
}

function focusedNode(observation: Observation | null) {
  return observation?.nodes.find((n) => n.flags.focused && n.package_name !== 'com.android.systemui') ?? null;
}

export function recordedCall(envelope: ToolEnvelope, observation: Observation | null): RecordedCall {
  const a = envelope.args;
  switch (envelope.tool) {
    case 'action_sequence':
      return recordSequence(envelope, observation);
    case 'click': {
      if (!isPoint(a.target)) break;
      const at = pixelOf(a.target, 'normalized', observation);
      const target = at ? targetAt(observation, at.x, at.y) : { node: null, unique: null };
      const id = target.unique?.resource_id ?? null;
      // A single tap on a uniquely identified node (a live touch's click) is kept like a tap in pixels: a
      // resource-id click, resolved live on replay.
      if (id && at && (a.times ?? 1) === 1) {
        return recordSequence(
          {
            tool: 'action_sequence',
            args: {
              steps: [{ action: 'click', target: [at.x, at.y], coordinate_space: 'pixel', target_description: 'tap' }],
            },
          },
          observation,
        );
      }
      const args = id && (a.expected_resource_id ?? null) === null ? { ...a, expected_resource_id: id } : a;
      return {
        envelope: { tool: 'click', args },
        resourceId: id,
        at,
        near: target.node?.bounds_px ?? null,
        semantic: false,
        node: target.unique ?? target.node,
      };
    }
    case 'drag':
    case 'long_press':
    case 'swipe': {
      const start = isPoint(a.start) ? a.start : isPoint(a.target) ? a.target : null;
      if (!start) break;
      const at = pixelOf(start, envelope.tool === 'drag' ? a.coordinate_space : 'normalized', observation);
      const target = at ? targetAt(observation, at.x, at.y) : { node: null, unique: null };
      const args = envelope.tool === 'drag' ? described(a, target) : a;
      return {
        envelope: { tool: envelope.tool, args },
        resourceId: target.unique?.resource_id ?? null,
        at,
        near: target.node?.bounds_px ?? null,
        semantic: false,
        node: target.node,
      };
    }
    case 'touch_gesture': {
      const frames = a.frames as Array<{ points?: unknown[] }> | undefined;
      const p = frames?.[0]?.points?.[0];
      if (!isPoint(p)) break;
      const at = pixelOf(p, a.coordinate_space, observation);
      const target = at ? targetAt(observation, at.x, at.y) : { node: null, unique: null };
      return {
        envelope: { tool: 'touch_gesture', args: described(a, target) },
        resourceId: target.unique?.resource_id ?? null,
        at,
        near: target.node?.bounds_px ?? null,
        semantic: false,
        node: target.node,
      };
    }
    case 'input_text':
    case 'press_key':
    case 'erase_one_char':
    case 'focus_and_clear_text':
    case 'tactile.key':
    case 'tactile.paste': {
      // Without a point, keys and text go to the focused node: that is where their effect shows.
      if (isPoint(a.target)) break;
      const focused = focusedNode(observation);
      const unique =
        focused?.resource_id && observation && resourceIdCounts(observation).get(focused.resource_id) === 1
          ? focused.resource_id
          : null;
      return {
        envelope,
        resourceId: unique,
        at: null,
        near: focused?.bounds_px ?? null,
        semantic: false,
        node: focused,
      };
    }
    case 'read_control':
    case 'control_action':
    case 'wait_until': {
      const id = selectorId(a);
      const node = id && observation ? (observation.nodes.find((n) => n.resource_id === id) ?? null) : null;
      return { envelope, resourceId: id, at: null, near: null, semantic: id !== null, node };
    }
    default:
  }
  return { envelope, resourceId: null, at: null, near: null, semantic: false, node: null };
}
