// swipe: straight move between two normalized [x, y] points.
import { z } from 'zod';
import { MAX_GESTURE_MS } from '../bounds';
import { PointSchema } from '../primitives';

export const SwipeArgsSchema = z.strictObject({
  start: PointSchema,
  end: PointSchema,
  /** Tightening: 1..10000 ms, like every gesture member of a sequence. */
  duration_ms: z.int().min(1).max(MAX_GESTURE_MS).default(800),
});
