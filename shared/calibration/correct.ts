// "Correct": a second calibrated drag for the observed residual only, built from the response the first drag
// actually produced (Δvalue / Δpx between the confirmed reading before and the stable reading after), not
// from the first drag's anchors. It aims AT the target (gain 1, never beyond it on purpose): the new anchors
// describe the scale as measured, and the usual calibration rounding (≤ ½ px) is the only deviation.
// - thumb: the thumb now sits at the first end point showing `after`; the correction starts there.
// - pan: the scale now shows `after` under the indicator; the correction pans from the same start.
// - pan over a scrolling container: every AOSP one (ScrollView, HorizontalScrollView, ListView, RecyclerView,
//   ViewPager) starts dragging once the finger is past the touch slop and DISCARDS the slop: the content lags
//   the finger by a constant (8 dp: 21 px at 420 dpi), on every drag, correction included. Measured against
//   AOSP's HorizontalScrollView (npm run bench:calibrated -- --aosp) the response model above then fails: a
//   correction of r px moves r − slop. So when the content moved less than the finger by at most PAN_LEAD_PX
//   (more than any phone's slop) while the anchors, read off the content itself, give its px scale, that lag
//   is taken as the drag-start loss and the correction travels the residual plus the lag, from the same start.
//   A view that scrolls by the whole distance (GestureDetector, the virtual lab's timeline) shows no lag and
//   keeps the response model; so does any other discrepancy (the app's own gain, a coast after the release).
// No measured response (the reading did not move, and not by a drag-start loss, or the drag had no length)
// proposes nothing: repeating a move the app ignored is the strategy the executor refuses
// (STRATEGY_REPEATED); the hint says what to change.
import type { FeedbackFigures } from '../receipts';
import { PAN_LEAD_PX } from '../gesture/pan-lead';
import { buildCalibratedDrag, type DragCall } from './anchors';

/** A span the measured anchors are placed apart (any non-zero span describes the same line). */
const SPAN_PX = 100;

export interface FirstDragResult {
  feedback?: FeedbackFigures | null;
  calibration?: { end_px: readonly [number, number] } | null;
}

export type Correction =
  | {
      ok: true;
      call: DragCall;
      measured_value_per_px: number;
      residual: number;
      /** Pixels a scrolling container lagged the finger by (its touch slop), added to the correction; 0: none. */
      drag_start_loss_px: number;
    }
  | { ok: false; reason: 'WITHIN_TOLERANCE' | 'NO_READING' | 'NO_RESPONSE'; message: string };

export function proposeCorrection(first: DragCall, result: FirstDragResult): Correction {
  const f = result.feedback;
  const end = result.calibration?.end_px;
  if (!f || f.before_value === null || f.after_value === null || f.residual === null || !end) {
    return {
      ok: false,
      reason: 'NO_READING',
      message: 'the first drag has no before/after reading to measure the response from',
    };
  }
  if (f.within_tolerance)
    return { ok: false, reason: 'WITHIN_TOLERANCE', message: 'the reading is already within tolerance' };
  const cal = first.args.calibration;
  const axisIndex = cal.axis === 'x' ? 0 : 1;
  const movedPx = end[axisIndex] - first.args.start[axisIndex];
  const changed = f.after_value - f.before_value;
  // A short pan (led past the slop and back, pan-lead.ts) whose travel is the container's slop ends where it
  // started: no change, yet a drag-start loss, not a move the app ignored.
  const lag = cal.mode === 'pan' && movedPx !== 0 ? dragStartLoss(first, movedPx, changed) : 0;
  if (movedPx === 0 || (changed === 0 && lag === 0)) {
    return {
      ok: false,
      reason: 'NO_RESPONSE',
      message: `the first drag (${movedPx} px) did not change the reading: the move is below what the app reacts to (touch slop); zoom the app's scale so the value difference spans more pixels, or use pixel space`,
    };
  }
  // Value change per pixel of finger movement: as measured, or, after a drag-start loss, what the correction
  // (residual plus the loss, in the residual's direction) must produce.
  const response = lag === 0 ? changed / movedPx : correctionResponse(first, f.after_value, lag);
  const at = cal.mode === 'thumb' ? end[axisIndex] : cal.indicator_position!;
  // The scale as measured: `after` at `at`; for a pan the content moved against the finger, so the scale's
  // value grows by −response per pixel; a thumb reads +response per pixel.
  const slope = cal.mode === 'thumb' ? response : -response;
  const anchors = [
    { position: at, value: f.after_value },
    { position: at + SPAN_PX, value: f.after_value + SPAN_PX * slope },
  ] as const;
  const start: [number, number] = cal.mode === 'thumb' ? [end[0], end[1]] : [first.args.start[0], first.args.start[1]];
  const call = buildCalibratedDrag({
    start,
    axis: cal.axis,
    mode: cal.mode,
    anchors,
    target_value: cal.target_value,
    indicator_position: cal.indicator_position,
    tolerance: cal.tolerance,
    min_movement_px: cal.min_movement_px,
    duration_ms: first.args.duration_ms,
    target_description: `${first.args.target_description} (correction)`,
    ...(first.args.feedback && { feedback: first.args.feedback }),
  });
  return {
    ok: true,
    call,
    measured_value_per_px: Math.abs(changed / movedPx),
    residual: f.residual,
    drag_start_loss_px: lag,
  };
}

/** The anchors' scale: value per pixel of content position (a pan's ticks move with the content). */
const anchorScale = (call: DragCall): number => {
  const [a, b] = call.args.calibration.anchors;
  return (b!.value - a!.value) / (b!.position - a!.position);
};

/**
 * Pixels the content lagged the finger by in a pan (the value under the indicator moves by −scale per pixel of
 * content travel), when that lag is a container's drag-start loss (0 < lag ≤ PAN_LEAD_PX); 0 otherwise.
 */
function dragStartLoss(first: DragCall, movedPx: number, changed: number): number {
  const contentPx = -changed / anchorScale(first);
  const lag = (movedPx - contentPx) * Math.sign(movedPx);
  return lag >= 0.5 && lag <= PAN_LEAD_PX ? lag : 0;
}

/** Value per finger pixel that makes the correction travel the residual's pixels plus the loss. */
function correctionResponse(first: DragCall, after: number, lag: number): number {
  const target = first.args.calibration.target_value;
  const residualPx = (target - after) / -anchorScale(first); // finger travel the content still needs
  const travel = residualPx + Math.sign(residualPx) * lag;
  return (target - after) / travel;
}
