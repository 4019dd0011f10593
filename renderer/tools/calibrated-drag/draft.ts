// The calibrated drag being built: what the operator picked and typed, and the one evaluation of it — the seed
// `drag` call (shared/calibration's builder, pixel space) judged by `prepareCall`, the executor's own prepare
// step, so the preview shows exactly what Send dispatches and every issue it would be refused with.
// Values are typed or read in the operator's format (integer, decimal, percent, HH:MM:SS, MM:SS, with or
// without units) and kept in one unit (seconds for clock values); the display format is anchor A's.
import type { ValueFeedback } from '../../../shared/actions';
import {
  buildCalibratedDrag,
  parseValue,
  type Axis,
  type DragCall,
  type ValueFormat,
} from '../../../shared/calibration';
import type { TactileError } from '../../../shared/errors';
import { computeCalibration, type CalibrationFigures, type ScreenSize } from '../../../shared/geometry';
import type { NativeSelector } from '../../../shared/observation';
import { prepareCall, type Prepared } from '../../../shared/prepare';

export interface PickedPoint {
  x: number;
  y: number;
  /** What was picked ("#timeline", "px (120, 845)"). */
  label: string;
}

export interface AnchorDraft {
  point: PickedPoint;
  /** The value as read from the node or typed ('' until typed). */
  text: string;
  source: 'node' | 'typed' | 'range';
  /** The scale mark it was read from (resource id), followed as the scale pans and zooms. */
  nodeId?: string | null;
}

export interface ReadoutDraft {
  selector: NativeSelector;
  format: ValueFeedback['value_format'];
  label: string;
}

export interface CalibratedDraft {
  start: PickedPoint | null;
  /** The start node is a range control (its range can be read for anchors). */
  startIsRange: boolean;
  axis: Axis;
  mode: 'thumb' | 'pan';
  anchors: [AnchorDraft | null, AnchorDraft | null];
  indicator: PickedPoint | null;
  target: string;
  /** In value units ('' → the format's default). */
  tolerance: string;
  readout: ReadoutDraft | null;
  durationMs: number;
  /** Shortest move the app reacts to, px ('' → a pan's default: the touch slop, 8 dp). */
  minMovePx: string;
}

export const EMPTY_DRAFT: CalibratedDraft = {
  start: null,
  startIsRange: false,
  axis: 'x',
  mode: 'thumb',
  anchors: [null, null],
  indicator: null,
  target: '',
  tolerance: '',
  readout: null,
  durationMs: 600,
  minMovePx: '',
};

export type Evaluation =
  | { ready: false; missing: string[]; problems: string[] }
  | {
      ready: true;
      call: DragCall;
      prepared: Prepared;
      /** shared/geometry's calibration figures (also shown when prepareCall refused the call), or null when degenerate. */
      figures: CalibrationFigures | null;
      format: ValueFormat;
      anchors: [{ position: number; value: number }, { position: number; value: number }];
      issues: TactileError[];
    };

const axisOf = (p: PickedPoint, axis: Axis) => (axis === 'x' ? p.x : p.y);

/** The tolerance the readout must meet: typed, else ±1 s for clock values, else exact. */
export function toleranceOf(d: CalibratedDraft, format: ValueFormat): number | null {
  if (d.tolerance.trim() !== '') {
    const t = Number(d.tolerance);
    return Number.isFinite(t) && t >= 0 ? t : null;
  }
  return format.kind === 'clock' || format.kind === 'minutes' ? 1 : 0;
}

/**
 * A whole-number readout checked exactly still leaves the calibration half a unit of pixel rounding (the app
 * rounds the position to its step): the calibration's tolerance is at least ½ step.
 */
function calibrationTolerance(tol: number, f: ValueFormat): number {
  const half = 0.5 * Math.pow(10, -f.decimals);
  return Math.max(tol, half);
}

/** ViewConfiguration's touch slop (8 dp) at a density in dpi, rounded up: a pan shorter than it never scrolls. */
export const touchSlopPx = (densityDpi: number): number => Math.ceil((8 * densityDpi) / 160);

function minMovement(d: CalibratedDraft, densityDpi: number | null): number | null {
  if (d.minMovePx.trim() !== '') {
    const v = Number(d.minMovePx);
    return Number.isFinite(v) && v >= 0 ? v : Number.NaN;
  }
  return d.mode === 'pan' && densityDpi !== null ? touchSlopPx(densityDpi) : null;
}

export interface EvaluateContext {
  screen: ScreenSize;
  capabilities: readonly string[] | null;
  /** The device's density in dpi (the touch slop's unit), null while unknown. */
  densityDpi: number | null;
}

export function evaluateDraft(d: CalibratedDraft, { screen, capabilities, densityDpi }: EvaluateContext): Evaluation {
  const missing: string[] = [];
  const problems: string[] = [];
  if (!d.start) missing.push('start');
  const parsed = d.anchors.map((a, i) => {
    const name = `anchor ${i === 0 ? 'A' : 'B'}`;
    if (!a) {
      missing.push(name);
      return null;
    }
    const v = parseValue(a.text);
    if (a.text.trim() === '') missing.push(`${name} value`);
    else if (!v) problems.push(`${name}: "${a.text}" is not a value (integer, decimal, %, HH:MM:SS, MM:SS)`);
    return v;
  });
  if (d.mode === 'pan' && !d.indicator) missing.push('indicator');
  const target = parseValue(d.target);
  if (d.target.trim() === '') missing.push('target');
  else if (!target) problems.push(`target: "${d.target}" is not a value`);
  const format = parsed[0]?.format ?? null;
  const tolerance = format ? toleranceOf(d, format) : null;
  if (d.tolerance.trim() !== '' && tolerance === null) problems.push(`tolerance: "${d.tolerance}" is not a number ≥ 0`);
  const minMove = minMovement(d, densityDpi);
  if (Number.isNaN(minMove)) problems.push(`minimum movement: "${d.minMovePx}" is not a number ≥ 0`);
  if (missing.length > 0 || problems.length > 0 || !d.start || !target || !format || tolerance === null)
    return { ready: false, missing, problems };
  const anchors: [{ position: number; value: number }, { position: number; value: number }] = [
    { position: axisOf(d.anchors[0]!.point, d.axis), value: parsed[0]!.value },
    { position: axisOf(d.anchors[1]!.point, d.axis), value: parsed[1]!.value },
  ];
  const call = buildCalibratedDrag({
    start: [d.start.x, d.start.y],
    axis: d.axis,
    mode: d.mode,
    anchors,
    target_value: target.value,
    indicator_position: d.mode === 'pan' ? axisOf(d.indicator!, d.axis) : null,
    tolerance: calibrationTolerance(tolerance, format),
    min_movement_px: minMove,
    duration_ms: d.durationMs,
    target_description: `calibrated ${d.mode} to ${d.target.trim()}`,
    ...(d.readout && { feedback: { selector: d.readout.selector, value_format: d.readout.format, tolerance } }),
  });
  const prepared = prepareCall(call, screen, capabilities);
  const outcome = computeCalibration(call.args.calibration, call.args.start, { space: 'pixel' });
  return {
    ready: true,
    call,
    prepared,
    figures: outcome.ok ? outcome.figures : null,
    format,
    anchors,
    issues: prepared.ok ? [] : prepared.issues,
  };
}

/** What to change, per refusal code, shown next to the issue on the stage and in the builder. */
export const ISSUE_HINTS: Record<string, string> = {
  OUTSIDE_REGION: 'the path leaves the region: move the start, or draw a larger region',
  OFF_SCREEN: "the end is off the screen: zoom the app's scale out, or pan in two drags",
  ROUNDING_EXCEEDS_TOLERANCE:
    "one pixel is worth more than the tolerance: zoom the app's scale in first (more pixels per value), or widen the tolerance",
  BELOW_MIN_MOVEMENT:
    "the move is shorter than the app reacts to (touch slop): zoom the app's scale in first so the value difference spans more pixels",
  CALIBRATION_DEGENERATE: 'the anchors share a position or a value: pick two marks farther apart with different values',
  PAN_INDICATOR_REQUIRED: 'a pan needs the fixed indicator: pick the playhead node or click its position',
};

export const hintFor = (code: string): string => ISSUE_HINTS[code] ?? 'fix the argument named by the path';

/** A pick to arm: the state that picks it, with the anchor's index for an anchor. */
export type Pick =
  | { state: 'picking-anchor'; info: { index: 0 | 1 } }
  | { state: 'picking-start' | 'picking-indicator' | 'picking-readout' };

/** The next part a click in idle picks, or null when the draft has them all. */
export function nextPick(d: CalibratedDraft): Pick | null {
  if (!d.start) return { state: 'picking-start' };
  if (!d.anchors[0]) return { state: 'picking-anchor', info: { index: 0 } };
  if (!d.anchors[1]) return { state: 'picking-anchor', info: { index: 1 } };
  if (d.mode === 'pan' && !d.indicator) return { state: 'picking-indicator' };
  if (!d.readout) return { state: 'picking-readout' };
  return null;
}

/**
 * The node anchors after a new observation: a mark read from a node (same resource id, same text) is followed
 * to where it is drawn now (a timeline panned by the last drag); null when nothing moved.
 */
export function followAnchors(
  anchors: CalibratedDraft['anchors'],
  nodes: readonly { resource_id: string | null; text: string; bounds_px: readonly [number, number, number, number] }[],
): CalibratedDraft['anchors'] | null {
  let moved = false;
  const next = anchors.map((a) => {
    if (!a || a.source !== 'node' || !a.nodeId) return a;
    const n = nodes.find((c) => c.resource_id === a.nodeId && c.text.trim() === a.text);
    if (!n) return a;
    const x = (n.bounds_px[0] + n.bounds_px[2]) / 2;
    const y = (n.bounds_px[1] + n.bounds_px[3]) / 2;
    if (x === a.point.x && y === a.point.y) return a;
    moved = true;
    return { ...a, point: { ...a.point, x, y } };
  }) as CalibratedDraft['anchors'];
  return moved ? next : null;
}
