// $defs/TouchFrame: one keyframe of a touch_gesture — a time and 1..5 finger points in fixed finger order.
import { z } from 'zod';
import { PointSchema } from './primitives';

export const TouchFrameSchema = z.strictObject({
  at_ms: z.int().min(0).max(10000),
  points: z.array(PointSchema).min(1).max(5),
}).meta({ id: 'TouchFrame' });

export type TouchFrame = z.output<typeof TouchFrameSchema>;
