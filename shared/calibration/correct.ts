// "Correct": a second calibrated drag for the observed residual only, built from the response the first drag
// actually produced (Δvalue / Δpx between the confirmed reading before and the stable reading after), not
// from the first drag's anchors. It aims AT the target (gain 1, never beyond it on purpose): the new anchors
// describe the scale as measured, and the usual calibration rounding (≤ ½ px) is the only deviation.
// - thumb: the thumb now sits at the first end point showing `after`; the correction starts there.
// - pan: the scale now shows `after` under the indicator; the correction pans from the same start.
// No measured response (the reading did not move, or the drag had no length) proposes nothing: repeating a
// move the app ignored is the strategy the executor refuses (STRATEGY_REPEATED); the hint says what to change.
import type { FeedbackFigures } from '../receipts';
import { buildCalibratedDrag, type DragCall } from './anchors';

/** A span the measured anchors are placed apart (any non-zero span describes the same line). */
const SPAN_PX = 100;

export interface FirstDragResult {
  feedback?: FeedbackFigures | null;
  calibration?: { end_px: readonly [number, number] } | null;
}

export type Correction =
  | { ok: true; call: DragCall; measured_value_per_px: number; residual: number }
  | { ok: false; reason: 'WITHIN_TOLERANCE' | 'NO_READING' | 'NO_RESPONSE'; message: string };

export function proposeCorrection(first: DragCall, result: FirstDragResult): Correction {
  const f = result.feedback;
  const end = result.calibration?.end_px;
  if (!f || f.before_value === null || f.after_value === null || f.residual === null || !end) {
    return { ok: false, reason: 'NO_READING', message: 'the first drag has no before/after reading to measure the response from' };
  }
  if (f.within_tolerance) return { ok: false, reason: 'WITHIN_TOLERANCE', message: 'the reading is already within tolerance' };
  const cal = first.args.calibration;
  const axisIndex = cal.axis === 'x' ? 0 : 1;
  const movedPx = end[axisIndex] - first.args.start[axisIndex];
  const changed = f.after_value - f.before_value;
  if (movedPx === 0 || changed === 0) {
    return {
      ok: false, reason: 'NO_RESPONSE',
      message: `the first drag (${movedPx} px) did not change the reading: the move is below what the app reacts to (touch slop); zoom the app's scale so the value difference spans more pixels, or use pixel space`,
    };
  }
  const response = changed / movedPx; // value change per pixel of finger movement
  const at = cal.mode === 'thumb' ? end[axisIndex] : cal.indicator_position!;
  // The scale as measured: `after` at `at`; for a pan the content moved against the finger, so the scale's
  // value grows by −response per pixel; a thumb reads +response per pixel.
  const slope = cal.mode === 'thumb' ? response : -response;
  const anchors = [{ position: at, value: f.after_value }, { position: at + SPAN_PX, value: f.after_value + SPAN_PX * slope }] as const;
  const start: [number, number] = cal.mode === 'thumb' ? [end[0], end[1]] : [first.args.start[0], first.args.start[1]];
  const call = buildCalibratedDrag({
    start, axis: cal.axis, mode: cal.mode, anchors, target_value: cal.target_value, indicator_position: cal.indicator_position,
    tolerance: cal.tolerance, min_movement_px: cal.min_movement_px, duration_ms: first.args.duration_ms,
    target_description: `${first.args.target_description} (correction)`,
    ...(first.args.feedback && { feedback: first.args.feedback }),
  });
  return { ok: true, call, measured_value_per_px: Math.abs(response), residual: f.residual };
}
