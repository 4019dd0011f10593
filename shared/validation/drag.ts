// drag (tool and sequence member).
// - END_XOR_CALIBRATION: exactly one of end and calibration.
// - start/end: OFF_SCREEN and OUTSIDE_REGION (points.ts); the path is a straight segment and a region is convex,
//   so its ends being inside covers every sampled point in between.
// - calibration (geometry/calibration.ts): CALIBRATION_DEGENERATE when the anchors share a position (after
//   conversion to pixels) or a value; PAN_INDICATOR_REQUIRED for pan without indicator_position. When device
//   pixels are known (pixel space, or a screen): the computed end must be on screen and inside the region,
//   ROUNDING_EXCEEDS_TOLERANCE when rounding_error > tolerance (float noise below 1e-9 relative is not an
//   excess), BELOW_MIN_MOVEMENT when the rounded move is shorter than min_movement_px. Normalized without a
//   screen: the exact end, in normalized units, must be within 0..1000 and the region.
import type { DragCalibration, ValueFeedback } from '../actions';
import {
  computeCalibration,
  isNormalizedInRange,
  pointInRegion,
  type CalibrationUnits,
  type CoordinateSpace,
  type RegionTuple,
} from '../geometry';
import { checkFeedback } from './feedback';
import { checkDevicePoint, checkPoint, pointFrame, type PointFrame } from './points';
import { at, report, type CheckContext, type Path } from './report';

export interface DragArgs {
  readonly start: readonly [number, number];
  readonly end: readonly [number, number] | null;
  readonly coordinate_space: CoordinateSpace;
  readonly region: RegionTuple | null;
  readonly calibration: DragCalibration | null;
  readonly feedback?: ValueFeedback | null;
}

export function checkDrag(ctx: CheckContext, d: DragArgs, path: Path): void {
  const f = pointFrame(ctx, d.coordinate_space, d.region, path);
  checkPoint(f, d.start, at(path, 'start'), 'Drag start');
  const hasEnd = d.end !== null;
  const hasCalibration = d.calibration !== null;
  if (hasEnd && hasCalibration) {
    report(ctx, 'END_XOR_CALIBRATION', at(path, 'end'), 'end must be null when calibration computes the endpoint.');
  } else if (!hasEnd && !hasCalibration) {
    report(ctx, 'END_XOR_CALIBRATION', at(path, 'end'), 'A drag needs exactly one of end and calibration.');
  }
  if (d.end !== null) checkPoint(f, d.end, at(path, 'end'), 'Drag end');
  if (d.calibration !== null) checkCalibration(f, d.calibration, d.start, at(path, 'calibration'));
  if (d.feedback) checkFeedback(ctx, d.feedback, at(path, 'feedback'));
}

const exceeds = (error: number, tolerance: number): boolean => error > tolerance + 1e-9 * Math.max(1, tolerance);

function checkCalibration(f: PointFrame, c: DragCalibration, start: readonly [number, number], path: Path): void {
  const { ctx } = f;
  const units: CalibrationUnits =
    f.space === 'normalized' && ctx.screen !== undefined
      ? { space: 'normalized', screen: ctx.screen }
      : { space: 'pixel' };
  const outcome = computeCalibration(c, start, units);
  if (!outcome.ok) {
    for (const p of outcome.problems) {
      if (p === 'same_position') {
        report(
          ctx,
          'CALIBRATION_DEGENERATE',
          at(path, 'anchors', 1, 'position'),
          'The two anchors share a position (in device pixels); they cannot define a scale.',
        );
      } else if (p === 'same_value') {
        report(
          ctx,
          'CALIBRATION_DEGENERATE',
          at(path, 'anchors', 1, 'value'),
          'The two anchors share a value; they cannot define a scale.',
        );
      } else {
        report(
          ctx,
          'PAN_INDICATOR_REQUIRED',
          at(path, 'indicator_position'),
          'mode "pan" needs indicator_position: the observed axis position of the fixed indicator.',
        );
      }
    }
    return;
  }
  const fig = outcome.figures;
  if (!f.pixelsKnown) {
    const x = c.axis === 'x' ? fig.exactEndAxis : start[0];
    const y = c.axis === 'y' ? fig.exactEndAxis : start[1];
    if (!isNormalizedInRange(x) || !isNormalizedInRange(y)) {
      report(ctx, 'OFF_SCREEN', path, `The calibrated end [${x}, ${y}] is outside the normalized range 0..1000.`);
    }
    if (f.region !== null && !pointInRegion(x, y, f.region)) {
      report(
        ctx,
        'OUTSIDE_REGION',
        path,
        `The calibrated end [${x}, ${y}] is outside the region [${f.region.join(', ')}].`,
      );
    }
    return;
  }
  checkDevicePoint(f, fig.end.x, fig.end.y, path, 'The calibrated end');
  if (c.tolerance !== null && exceeds(fig.rounding_error, c.tolerance)) {
    report(
      ctx,
      'ROUNDING_EXCEEDS_TOLERANCE',
      at(path, 'tolerance'),
      `Pixel rounding moves the value by ${fig.rounding_error} (${fig.value_per_px} per px), more than tolerance ${c.tolerance}; zoom in or use native value setting.`,
    );
  }
  if (c.min_movement_px !== null && fig.movement_px < c.min_movement_px) {
    report(
      ctx,
      'BELOW_MIN_MOVEMENT',
      at(path, 'min_movement_px'),
      `The calibrated move is ${fig.movement_px} px, shorter than min_movement_px ${c.min_movement_px}; zoom in first.`,
    );
  }
}
