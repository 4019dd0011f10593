// long_press: press and hold at a normalized [x, y].
import { z } from 'zod';
import { PointSchema } from '../primitives';

export const LongPressArgsSchema = z.strictObject({
  target: PointSchema,
  /** Tightening: a press needs a positive duration. */
  duration_ms: z.int().min(1).default(1000),
});
