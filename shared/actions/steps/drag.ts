// $defs/DragStep: a drag member of action_sequence. Stricter than the drag tool (bounded duration and
// strings) and without `feedback`: a sequence carries feedback at its top level, not on the member.
import { z } from 'zod';
import { utf16Max } from '../../limits/utf16';
import { DragCalibrationSchema } from '../calibration';
import { MAX_NAME } from '../bounds';
import { CoordinateSpaceSchema, IdString, PointSchema, RectSchema, nullable } from '../primitives';

export const DragStepSchema = z
  .strictObject({
    start: PointSchema,
    target_description: utf16Max(z.string().min(1), MAX_NAME),
    /** Exact endpoint; must be null when calibration is supplied (END_XOR_CALIBRATION). */
    end: nullable(PointSchema),
    coordinate_space: CoordinateSpaceSchema,
    duration_ms: z.int().min(1).max(10000).default(300),
    /** Observed gesture surface in coordinate_space; the path must stay inside. */
    region: nullable(RectSchema),
    calibration: nullable(DragCalibrationSchema),
    /** Observed panel resource_id that must be live-visible before dragging. */
    require_visible: nullable(IdString),
    action: z.literal('drag'),
  })
  .meta({ id: 'DragStep' });
