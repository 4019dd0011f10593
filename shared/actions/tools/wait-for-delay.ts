// wait_for_delay: a fixed pause.
import { z } from 'zod';

export const WaitForDelayArgsSchema = z.strictObject({
  /** Tightening: a delay cannot be negative. */
  time_in_ms: z.int().min(0),
});
