// long_press: press and hold at a normalized [x, y].
import { z } from 'zod';
import { MAX_GESTURE_MS } from '../bounds';
import { PointSchema } from '../primitives';

export const LongPressArgsSchema = z.strictObject({
  target: PointSchema,
  /** Tightening: 1..10000 ms, like every gesture member of a sequence. */
  duration_ms: z.int().min(1).max(MAX_GESTURE_MS).default(1000),
});
