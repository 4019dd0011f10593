// What a click of the calibrated-drag tool picks among the OBSERVED nodes (the whole observation, not the
// overlay's filtered boxes, so a timeline's virtual tick children can be picked with any filter on):
// - a handle / start: the smallest node under the pointer that is a control, not a scale mark (its text is not
//   a value) and not a hairline (an indicator 4 px wide): its centre;
// - an anchor: the smallest node under the pointer whose whole text parses as a value;
// - an indicator or a readout: the smallest node under the pointer.
// Proposals read the node's shape and kind: axis along the longer side; a range control (SeekBar, Slider,
// ProgressBar, RatingBar) is a `thumb`; a scrollable view or one holding an indicator node is a `pan`.
import { centerPoint, parseValue, type Axis } from '../../../shared/calibration';
import type { ObservedNode } from '../../../shared/observation';

type Rect = readonly [number, number, number, number];

const contains = (b: Rect, x: number, y: number) => x >= b[0] && x < b[2] && y >= b[1] && y < b[3];
const area = (b: Rect) => (b[2] - b[0]) * (b[3] - b[1]);
/** Below this a node is a mark or hairline, not something a finger holds. */
const MIN_HANDLE_PX = 24;

function smallest(
  nodes: readonly ObservedNode[],
  x: number,
  y: number,
  accept: (n: ObservedNode) => boolean,
): ObservedNode | null {
  let best: ObservedNode | null = null;
  for (const n of nodes) {
    if (!contains(n.bounds_px, x, y) || !accept(n)) continue;
    if (best === null || area(n.bounds_px) < area(best.bounds_px)) best = n;
  }
  return best;
}

export const isValueNode = (n: ObservedNode): boolean => parseValue(n.text) !== null;

export const isRangeControl = (n: ObservedNode): boolean =>
  /(SeekBar|Slider|ProgressBar|RatingBar)$/.test(n.class_name);

const INDICATOR = /playhead|indicator|cursor|needle/i;
export const isIndicator = (n: ObservedNode): boolean =>
  INDICATOR.test(n.resource_id ?? '') || INDICATOR.test(n.content_desc ?? '');

export function pickHandle(nodes: readonly ObservedNode[], x: number, y: number): ObservedNode | null {
  const b = (n: ObservedNode) => n.bounds_px;
  return smallest(
    nodes,
    x,
    y,
    (n) =>
      !isValueNode(n) && !isIndicator(n) && b(n)[2] - b(n)[0] >= MIN_HANDLE_PX && b(n)[3] - b(n)[1] >= MIN_HANDLE_PX,
  );
}

export const pickValueNode = (nodes: readonly ObservedNode[], x: number, y: number) =>
  smallest(nodes, x, y, isValueNode);

export const pickAny = (nodes: readonly ObservedNode[], x: number, y: number) => smallest(nodes, x, y, () => true);

export function proposeAxis(n: ObservedNode): Axis {
  const [l, t, r, b] = n.bounds_px;
  return r - l >= b - t ? 'x' : 'y';
}

/** The indicator node inside a scale (the timeline's playhead), or null. */
export function indicatorWithin(nodes: readonly ObservedNode[], scale: ObservedNode): ObservedNode | null {
  const [l, t, r, b] = scale.bounds_px;
  return (
    nodes.find(
      (n) =>
        n !== scale &&
        isIndicator(n) &&
        n.bounds_px[0] >= l &&
        n.bounds_px[2] <= r &&
        n.bounds_px[1] >= t &&
        n.bounds_px[3] <= b,
    ) ?? null
  );
}

export function proposeMode(nodes: readonly ObservedNode[], n: ObservedNode): 'thumb' | 'pan' {
  if (isRangeControl(n)) return 'thumb';
  return n.flags.scrollable || indicatorWithin(nodes, n) !== null ? 'pan' : 'thumb';
}

export const nodeCentre = (n: ObservedNode): [number, number] => centerPoint(n.bounds_px);

/** A short name for a node in the builder: its id's last part, else its class. */
export function nodeLabel(n: ObservedNode): string {
  const id = n.resource_id?.split('/').pop();
  return id ? `#${id}` : n.class_name.split('.').pop()!;
}
