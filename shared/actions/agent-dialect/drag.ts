// drag: the dialect's drag is the canonical one without feedback, region, calibration.tolerance and
// calibration.min_movement_px; those take their canonical defaults (null).
import { z } from 'zod';
import { DragCalibrationSchema } from '../calibration';
import { CoordinateSpaceSchema, PointSchema, nullable } from '../primitives';
import { defineAgentTool } from './agent-tool';

/** Calibration as 001 describes it (no tolerance, no min_movement_px). */
export const AgentDragCalibrationSchema = DragCalibrationSchema.omit({ tolerance: true, min_movement_px: true });

const schema = z.strictObject({
  start: PointSchema,
  target_description: z.string(),
  end: nullable(PointSchema),
  coordinate_space: CoordinateSpaceSchema,
  duration_ms: z.int().default(300),
  calibration: nullable(AgentDragCalibrationSchema),
  require_visible: nullable(z.string()),
});

export const agentDrag = defineAgentTool('drag', schema, (a) => ({ ok: true, value: { ...a } }));
