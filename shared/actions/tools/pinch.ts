// pinch: synchronized two-finger zoom/rotation. Normalized spans are measured against the short screen edge;
// angle_degrees starts from +x, positive clockwise; rotation_degrees is added over duration_ms.
import { z } from 'zod';
import { CoordinateSpaceSchema, IdString, PointSchema, RectSchema, nullable } from '../primitives';

export const pinchShape = {
  center: PointSchema,
  start_span: z.int().gt(0).max(20000),
  end_span: z.int().gt(0).max(20000),
  angle_degrees: z.number().min(-360).max(360).default(0),
  rotation_degrees: z.number().min(-360).max(360).default(0),
  duration_ms: z.int().min(1).max(10000).default(800),
  coordinate_space: CoordinateSpaceSchema,
  target_description: IdString,
  require_visible: nullable(IdString),
  /** Observed zoom surface in coordinate_space; both fingers must remain inside. */
  region: nullable(RectSchema),
};

export const PinchArgsSchema = z.strictObject(pinchShape);
