// Calibrated drag endpoint from two observed scale anchors (issue 2, item 4).
// Anchors and the indicator are converted to device pixels WITHOUT rounding (normalized: n × (size − 1) / 1000
// on the calibration axis); the start point is a dispatched point and is converted with the rounding rule.
// - p* = a1 + (target − v1)(a2 − a1)/(v2 − v1): the exact pixel where the scale shows the target value.
// - thumb (move a handle to the value): end = start with the axis coordinate roundHalfUp(p*).
// - pan (move the scale under a fixed indicator): Δ = indicator − p*; end = start moved by roundHalfUp(Δ).
// - value_per_px = |v2 − v1| / |a2 − a1|; rounding_error = |rounded − exact| × value_per_px (value units);
//   allowed_px_error = tolerance / value_per_px (null without tolerance); movement_px = |end − start| on the axis.
// Judging the figures against tolerance and min_movement_px is validation's job; nothing is clamped here.
import { normToPx, normToPxExact } from './convert';
import { roundHalfUp } from './round';
import { devicePoint, type DevicePoint, type ScreenSize } from './types';

export interface CalibrationSpec {
  readonly axis: 'x' | 'y';
  readonly mode: 'thumb' | 'pan';
  readonly anchors: ReadonlyArray<{ readonly position: number; readonly value: number }>;
  readonly target_value: number;
  readonly indicator_position: number | null;
  readonly tolerance: number | null;
}

export type CalibrationProblem = 'same_position' | 'same_value' | 'indicator_required';

export interface CalibrationFigures {
  /** The dispatched end point, device pixels. */
  readonly end: DevicePoint;
  /** The unrounded end coordinate on the axis, device pixels. */
  readonly exactEndAxis: number;
  readonly value_per_px: number;
  readonly rounding_error: number;
  readonly allowed_px_error: number | null;
  readonly movement_px: number;
}

/**
 * How anchor/indicator/start values become device pixels. `pixel` uses them as they are, which also makes the
 * computation usable in any single linear unit (e.g. normalized units when no screen size is known).
 */
export type CalibrationUnits =
  { readonly space: 'pixel' } | { readonly space: 'normalized'; readonly screen: ScreenSize };

export type CalibrationOutcome =
  | { readonly ok: true; readonly figures: CalibrationFigures }
  | { readonly ok: false; readonly problems: CalibrationProblem[] };

/** `start` is the drag start in the units' space. */
export function computeCalibration(
  spec: CalibrationSpec,
  start: readonly [number, number],
  units: CalibrationUnits,
): CalibrationOutcome {
  const screen = units.space === 'normalized' ? units.screen : null;
  const size = screen === null ? 0 : spec.axis === 'x' ? screen.width : screen.height;
  const exact = (v: number): number => (screen === null ? v : normToPxExact(v, size));
  // The DragCalibration schema guarantees exactly two anchors.
  const first = spec.anchors[0]!;
  const second = spec.anchors[1]!;
  const a1 = exact(first.position);
  const a2 = exact(second.position);
  const problems: CalibrationProblem[] = [];
  if (a1 === a2) problems.push('same_position');
  if (first.value === second.value) problems.push('same_value');
  if (spec.mode === 'pan' && spec.indicator_position === null) problems.push('indicator_required');
  if (problems.length > 0) return { ok: false, problems };

  const sx = screen === null ? start[0] : normToPx(start[0], screen.width);
  const sy = screen === null ? start[1] : normToPx(start[1], screen.height);
  const startAxis = spec.axis === 'x' ? sx : sy;
  const pStar = a1 + ((spec.target_value - first.value) * (a2 - a1)) / (second.value - first.value);
  let endAxis: number;
  let exactEndAxis: number;
  let roundingPx: number;
  if (spec.mode === 'thumb') {
    endAxis = roundHalfUp(pStar);
    exactEndAxis = pStar;
    roundingPx = Math.abs(endAxis - pStar);
  } else {
    const delta = exact(spec.indicator_position as number) - pStar;
    const rounded = roundHalfUp(delta);
    endAxis = startAxis + rounded;
    exactEndAxis = startAxis + delta;
    roundingPx = Math.abs(rounded - delta);
  }
  const valuePerPx = Math.abs(second.value - first.value) / Math.abs(a2 - a1);
  return {
    ok: true,
    figures: {
      end: spec.axis === 'x' ? devicePoint(endAxis, sy) : devicePoint(sx, endAxis),
      exactEndAxis,
      value_per_px: valuePerPx,
      rounding_error: roundingPx * valuePerPx,
      allowed_px_error: spec.tolerance === null ? null : spec.tolerance / valuePerPx,
      movement_px: Math.abs(endAxis - startAxis),
    },
  };
}
