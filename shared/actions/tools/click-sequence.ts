// click_sequence: a series of normalized [x, y] taps in one atomic burst.
import { z } from 'zod';
import { PointSchema } from '../primitives';

export const ClickSequenceArgsSchema = z.strictObject({
  sequence: z.array(PointSchema),
  /** Tightening: a delay cannot be negative. */
  delay_ms: z.int().min(0).default(50),
});
