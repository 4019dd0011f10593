// click_sequence: a series of normalized [x, y] taps in one atomic burst.
import { z } from 'zod';
import { MAX_BURST_POINTS, MAX_TAP_DELAY_MS } from '../bounds';
import { PointSchema } from '../primitives';

export const ClickSequenceArgsSchema = z.strictObject({
  sequence: z.array(PointSchema).max(MAX_BURST_POINTS),
  /** Tightening: 0..1000 ms, a sequence click member's range. */
  delay_ms: z.int().min(0).max(MAX_TAP_DELAY_MS).default(50),
});
