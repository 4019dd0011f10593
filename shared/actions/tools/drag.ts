// drag: exact start/end or an observed two-anchor calibration (exactly one: END_XOR_CALIBRATION).
// Looser than the sequence's DragStep in the seed (unbounded duration, free strings) but carries `feedback`.
import { z } from 'zod';
import { text16 } from '../../limits/utf16';
import { DragCalibrationSchema } from '../calibration';
import { ValueFeedbackSchema } from '../feedback';
import { MAX_GESTURE_MS, MAX_NAME } from '../bounds';
import { CoordinateSpaceSchema, PointSchema, RectSchema, nullable } from '../primitives';

export const DragArgsSchema = z.strictObject({
  start: PointSchema,
  target_description: text16(MAX_NAME),
  end: nullable(PointSchema),
  coordinate_space: CoordinateSpaceSchema,
  /** Tightening: 1..10000 ms (the seed leaves it unbounded; a DragStep allows 10000). */
  duration_ms: z.int().min(1).max(MAX_GESTURE_MS).default(300),
  region: nullable(RectSchema),
  feedback: nullable(ValueFeedbackSchema),
  calibration: nullable(DragCalibrationSchema),
  require_visible: nullable(text16(MAX_NAME)),
});
