// A one-finger move over a scrollable node, recorded as a scroll of that node by its selector instead of the
// pixels the finger crossed: `scroll_to` the node the scroll brought into view (the next action's target when it
// acts inside the container, else the last node revealed in the scroll's direction), so a replay scrolls until
// that node shows, however far the list already is; a native scroll (control_action) when nothing identifiable
// came into view. Consecutive moves of one container in one direction (wheel notches) are one scroll.
import type { ToolEnvelope } from '../../../shared/actions';
import type { Observation } from '../../../shared/ipc';
import type { ObservedNode } from '../../../shared/observation';
import { toDevicePoint } from '../../../shared/geometry';
import { resourceIdCounts, targetAt } from './targets';

/** Shorter moves (share of the container's extent along the move) are taps or jitters, not scrolls. */
export const MIN_SCROLL_SHARE = 0.05;

export interface ScrollMove {
  /** The container's resource id (unique in the observation the move was sent on). */
  container: string;
  /** forward: the finger moved up (or left), so the content advanced. */
  direction: 'forward' | 'backward';
  axis: 'x' | 'y';
}

type Pt = { x: number; y: number };
const isPoint = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number');

/** Where one finger went down and where it lifted, in device pixels; null for anything else. */
function fingerPath(e: ToolEnvelope, o: Observation): [Pt, Pt] | null {
  const a = e.args as Record<string, unknown>;
  const px = (p: [number, number], space: unknown) =>
    toDevicePoint(p, space === 'pixel' ? 'pixel' : 'normalized', o.screen);
  if ((e.tool === 'swipe' || e.tool === 'drag') && isPoint(a.start) && isPoint(a.end)) {
    const space = e.tool === 'swipe' ? 'normalized' : a.coordinate_space;
    return [px(a.start, space), px(a.end, space)];
  }
  if (e.tool === 'touch_gesture' && Array.isArray(a.frames)) {
    const frames = a.frames as Array<{ points?: unknown[] }>;
    if (frames.length < 2 || frames.some((f) => f.points?.length !== 1 || !isPoint(f.points[0]))) return null;
    return [
      px(frames[0]!.points![0] as [number, number], a.coordinate_space),
      px(frames.at(-1)!.points![0] as [number, number], a.coordinate_space),
    ];
  }
  return null;
}

/** The nearest scrollable node at or above `n`. */
function scrollableAbove(o: Observation, n: ObservedNode | null): ObservedNode | null {
  let at = n;
  while (at && !at.flags.scrollable) at = at.parent === null ? null : (o.nodes[at.parent] ?? null);
  return at;
}

/** The scroll a call makes, when it is one finger moving over a uniquely identified scrollable node. */
export function scrollMove(e: ToolEnvelope, o: Observation | null): ScrollMove | null {
  if (!o) return null;
  const path = fingerPath(e, o);
  if (!path) return null;
  const [from, to] = path;
  const container = scrollableAbove(o, targetAt(o, from.x, from.y).node);
  if (!container?.resource_id || resourceIdCounts(o).get(container.resource_id) !== 1) return null;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const axis = Math.abs(dy) >= Math.abs(dx) ? 'y' : 'x';
  const [l, t, r, b] = container.bounds_px;
  const travel = axis === 'y' ? dy : dx;
  if (Math.abs(travel) < MIN_SCROLL_SHARE * (axis === 'y' ? b - t : r - l)) return null;
  return { container: container.resource_id, direction: travel < 0 ? 'forward' : 'backward', axis };
}

export const sameScroll = (a: ScrollMove, b: ScrollMove) =>
  a.container === b.container && a.direction === b.direction && a.axis === b.axis;

const isInside = (o: Observation, n: ObservedNode, container: ObservedNode) => {
  for (
    let at = n.parent === null ? null : o.nodes[n.parent];
    at;
    at = at.parent === null ? null : (o.nodes[at.parent] ?? null)
  )
    if (at === container) return true;
  return false;
};

/** A node's selector for a replay: its resource id when unique, else its text when unique, else null. */
function identity(o: Observation, n: ObservedNode): { resource_id: string } | { text: string } | null {
  if (n.resource_id && resourceIdCounts(o).get(n.resource_id) === 1) return { resource_id: n.resource_id };
  if (n.text !== '' && o.nodes.filter((m) => m.text === n.text).length === 1) return { text: n.text };
  return null;
}

const key = (s: { resource_id: string } | { text: string }) =>
  'resource_id' in s ? `id:${s.resource_id}` : `text:${s.text}`;

/** The provisional step while the scroll's end is not observed yet: one native scroll of the container. */
export function nativeScroll(move: ScrollMove): ToolEnvelope {
  return {
    tool: 'control_action',
    args: { selector: { resource_id: move.container }, action: `scroll_${move.direction}` },
  };
}

/**
 * The scroll's step, from the screens before the first move (`before`) and after the last (`after`).
 * `nextTarget`: the node the following action acts on in `after`, when known.
 */
export function resolveScroll(
  move: ScrollMove,
  before: Observation | null,
  after: Observation | null,
  nextTarget: ObservedNode | null,
): ToolEnvelope {
  const container = after?.nodes.find((n) => n.resource_id === move.container);
  if (!after || !container) return nativeScroll(move);
  const inside = after.nodes.filter((n) => isInside(after, n, container));
  let target: ObservedNode | null =
    nextTarget && inside.includes(nextTarget) && identity(after, nextTarget) ? nextTarget : null;
  if (!target) {
    const seen = new Set(
      (before?.nodes ?? [])
        .map((n) => (before ? identity(before, n) : null))
        .filter((s) => s !== null)
        .map(key),
    );
    const revealed = inside.filter((n) => {
      const id = identity(after, n);
      return id !== null && !seen.has(key(id));
    });
    // The last one revealed in the scroll's direction: the farthest the operator scrolled to.
    const edge = (n: ObservedNode) =>
      move.axis === 'y'
        ? move.direction === 'forward'
          ? n.bounds_px[3]
          : -n.bounds_px[1]
        : move.direction === 'forward'
          ? n.bounds_px[2]
          : -n.bounds_px[0];
    target = revealed.sort((a, b) => edge(b) - edge(a))[0] ?? null;
  }
  const selector = target ? identity(after, target) : null;
  if (!selector) return nativeScroll(move);
  return {
    tool: 'scroll_to',
    args: { container: { resource_id: move.container }, target: selector, direction: move.direction },
  };
}
