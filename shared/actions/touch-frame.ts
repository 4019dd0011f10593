// $defs/TouchFrame: one keyframe of a touch_gesture — a time and 1..5 finger points in fixed finger order.
import { z } from 'zod';
import { MAX_GESTURE_MS, MAX_TOUCH_FINGERS } from './bounds';
import { PointSchema } from './primitives';

export const TouchFrameSchema = z
  .strictObject({
    at_ms: z.int().min(0).max(MAX_GESTURE_MS),
    points: z.array(PointSchema).min(1).max(MAX_TOUCH_FINGERS),
  })
  .meta({ id: 'TouchFrame' });

export type TouchFrame = z.output<typeof TouchFrameSchema>;
