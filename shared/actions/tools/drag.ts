// drag: exact start/end or an observed two-anchor calibration (exactly one: END_XOR_CALIBRATION).
// Looser than the sequence's DragStep in the seed (unbounded duration, free strings) but carries `feedback`.
import { z } from 'zod';
import { DragCalibrationSchema } from '../calibration';
import { ValueFeedbackSchema } from '../feedback';
import { CoordinateSpaceSchema, PointSchema, RectSchema, nullable } from '../primitives';

export const DragArgsSchema = z.strictObject({
  start: PointSchema,
  target_description: z.string(),
  end: nullable(PointSchema),
  coordinate_space: CoordinateSpaceSchema,
  /** Tightening: the seed leaves it unbounded; a gesture needs a positive duration. */
  duration_ms: z.int().min(1).default(300),
  region: nullable(RectSchema),
  feedback: nullable(ValueFeedbackSchema),
  calibration: nullable(DragCalibrationSchema),
  require_visible: nullable(z.string()),
});
