// swipe: straight move between two normalized [x, y] points.
import { z } from 'zod';
import { PointSchema } from '../primitives';

export const SwipeArgsSchema = z.strictObject({
  start: PointSchema,
  end: PointSchema,
  /** Tightening: a gesture needs a positive duration. */
  duration_ms: z.int().min(1).default(800),
});
