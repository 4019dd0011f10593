// $defs/ScaleAnchor and $defs/DragCalibration: two observed anchors that compute a drag endpoint.
import { z } from 'zod';
import { nullable } from './primitives';

export const ScaleAnchorSchema = z
  .strictObject({
    /** Observed axis coordinate in the selected coordinate space. */
    position: z.number(),
    /** Observed scale value, in one consistent numeric unit. */
    value: z.number(),
  })
  .meta({ id: 'ScaleAnchor' });

export const CALIBRATION_AXES = ['x', 'y'] as const;
/** thumb moves a handle to a value; pan moves a scale under a fixed indicator. */
export const CALIBRATION_MODES = ['thumb', 'pan'] as const;

export const DragCalibrationSchema = z
  .strictObject({
    axis: z.enum(CALIBRATION_AXES),
    mode: z.enum(CALIBRATION_MODES),
    anchors: z.array(ScaleAnchorSchema).min(2).max(2),
    target_value: z.number(),
    /** Required for pan (PAN_INDICATOR_REQUIRED, a semantic check). */
    indicator_position: nullable(z.number()),
    /** Allowed value error; a plan whose pixel rounding exceeds it is refused. */
    tolerance: nullable(z.number().min(0)),
    /** Measured minimum effective drag distance in pixels; shorter calibrated moves are refused. */
    min_movement_px: nullable(z.number().gt(0)),
  })
  .meta({ id: 'DragCalibration' });

export type ScaleAnchor = z.output<typeof ScaleAnchorSchema>;
export type DragCalibration = z.output<typeof DragCalibrationSchema>;
