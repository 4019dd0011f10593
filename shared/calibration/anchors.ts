// Anchors and calibrated `drag` calls built from OBSERVED nodes only, in device pixels (coordinate_space
// `pixel`): the one builder the calibrated-drag tool, the CLI and the benchmark share.
// - A text node whose whole text is a value (a timeline tick "17:40:00", a label "50 %") is an anchor at its
//   bounds' centre on the axis.
// - A range-reading node (SeekBar: RangeInfo min..max) maps min..max onto its TRACK, which is inset from the
//   node's bounds by the thumb's half width on each side (AbsSeekBar pads the track by the thumb offset; a
//   seek bar's thumb is as tall as the bar, so the inset is half the bar's height). Taking the bounds' edges
//   as min and max instead put a drag "to 80" at 83: that was the seek-bar error, not the app.
import type { DragCalibration, ScaleAnchor, ValueFeedback } from '../actions';
import { parseValue, type ParsedValue } from './values';

export type Axis = 'x' | 'y';
/** [left, top, right, bottom], device pixels, right/bottom exclusive. */
export type PxRect = readonly [number, number, number, number];

export interface AnchorNode {
  bounds_px: PxRect;
  text: string | null;
}

export interface RangeNode {
  bounds_px: PxRect;
  range: { min: number; max: number; current: number } | null;
}

/** The centre of bounds on an axis (right/bottom exclusive: a 4 px wide node [538, 542) centres on 540). */
export const centerOn = (b: PxRect, axis: Axis): number => (axis === 'x' ? (b[0] + b[2]) / 2 : (b[1] + b[3]) / 2);

export const centerPoint = (b: PxRect): [number, number] => [
  Math.round(centerOn(b, 'x')),
  Math.round(centerOn(b, 'y')),
];

/** An anchor from a text node whose text parses as one value; null otherwise. */
export function anchorFromNode(node: AnchorNode, axis: Axis): (ScaleAnchor & { parsed: ParsedValue }) | null {
  const parsed = node.text === null ? null : parseValue(node.text);
  return parsed ? { position: centerOn(node.bounds_px, axis), value: parsed.value, parsed } : null;
}

/** min and max of a horizontal range node at its track's ends (see the header); null without a range. */
export function rangeAnchors(node: RangeNode): [ScaleAnchor, ScaleAnchor] | null {
  if (!node.range || node.range.max === node.range.min) return null;
  const [l, t, r, b] = node.bounds_px;
  const inset = (b - t) / 2;
  if (r - l <= 2 * inset) return null;
  return [
    { position: l + inset, value: node.range.min },
    { position: r - inset, value: node.range.max },
  ];
}

/** The axis position where two anchors put a value (linear scale). */
export function positionOf(value: number, anchors: readonly [ScaleAnchor, ScaleAnchor]): number {
  const [a, b] = anchors;
  return a.position + ((value - a.value) * (b.position - a.position)) / (b.value - a.value);
}

export interface CalibratedDragSpec {
  /** Where the finger goes down (a thumb's centre, the scale's centre), device pixels. */
  start: readonly [number, number];
  axis: Axis;
  mode: 'thumb' | 'pan';
  anchors: readonly [ScaleAnchor, ScaleAnchor];
  target_value: number;
  /** pan: the fixed indicator's axis position (e.g. the playhead node's centre). */
  indicator_position?: number | null;
  tolerance?: number | null;
  min_movement_px?: number | null;
  duration_ms?: number;
  target_description: string;
  /**
   * The readout to verify: its native selector (never its changing text) and format. Its tolerance defaults to
   * the calibration's; an integer readout checked exactly (0) still allows the calibration ½ value of rounding.
   */
  feedback?: { selector: Partial<ValueFeedback['selector']> } & Pick<ValueFeedback, 'value_format'> &
    Partial<Pick<ValueFeedback, 'tolerance' | 'stable_ms' | 'timeout_ms'>>;
}

export interface DragCall {
  tool: 'drag';
  args: {
    start: [number, number];
    target_description: string;
    end: null;
    coordinate_space: 'pixel';
    duration_ms: number;
    calibration: DragCalibration;
    feedback?: ValueFeedback;
  };
}

export const DEFAULT_CALIBRATED_DURATION_MS = 600;

const NO_SELECTOR: ValueFeedback['selector'] = {
  resource_id: null,
  text: null,
  content_desc: null,
  class_name: null,
  package_name: null,
  bounds: null,
};

/** A seed `drag` call (pixel space) computing its end point from the anchors; validation judges it. */
export function buildCalibratedDrag(s: CalibratedDragSpec): DragCall {
  const tolerance = s.tolerance ?? null;
  const call: DragCall = {
    tool: 'drag',
    args: {
      start: [Math.round(s.start[0]), Math.round(s.start[1])],
      target_description: s.target_description,
      end: null,
      coordinate_space: 'pixel',
      duration_ms: s.duration_ms ?? DEFAULT_CALIBRATED_DURATION_MS,
      calibration: {
        axis: s.axis,
        mode: s.mode,
        anchors: s.anchors.map(({ position, value }) => ({ position, value })),
        target_value: s.target_value,
        indicator_position: s.mode === 'pan' ? (s.indicator_position ?? null) : null,
        tolerance,
        min_movement_px: s.min_movement_px ?? null,
      },
    },
  };
  if (s.feedback) {
    call.args.feedback = {
      selector: { ...NO_SELECTOR, ...s.feedback.selector },
      value_format: s.feedback.value_format,
      target_value: s.target_value,
      tolerance: s.feedback.tolerance ?? tolerance ?? 0,
      stable_ms: s.feedback.stable_ms ?? 600,
      timeout_ms: s.feedback.timeout_ms ?? 4000,
    };
  }
  return call;
}

/**
 * Anchors from a set of tick nodes: the two parseable ones farthest apart on the axis (best value_per_px).
 * `within`: the bounds of the view that clips them (a scrolling timeline). Android clips a node's reported
 * bounds to its ancestors (View.mapRectFromViewToWindowCoords): a tick cut by the container's edge reports a
 * narrower box whose centre is not the tick's (15 px off for half a 60 px tick, a 3 % scale error measured on
 * AOSP's HorizontalScrollView), and one scrolled out reports an inverted box. Ticks that reach the container's
 * edge on the axis are left out.
 */
export function widestAnchors(
  nodes: readonly AnchorNode[],
  axis: Axis,
  within: PxRect | null = null,
): [ScaleAnchor, ScaleAnchor] | null {
  const [lo, hi] = axis === 'x' ? ([0, 2] as const) : ([1, 3] as const);
  const whole = ({ bounds_px: b }: AnchorNode) =>
    b[hi] > b[lo] && (within === null || (b[lo] > within[lo] && b[hi] < within[hi]));
  const anchors = nodes
    .filter(whole)
    .map((n) => anchorFromNode(n, axis))
    .filter((a) => a !== null);
  if (anchors.length < 2) return null;
  anchors.sort((a, b) => a.position - b.position);
  const first = anchors[0]!;
  const last = anchors[anchors.length - 1]!;
  if (first.position === last.position || first.value === last.value) return null;
  return [
    { position: first.position, value: first.value },
    { position: last.position, value: last.value },
  ];
}
