// wait_for_delay: a fixed pause.
import { z } from 'zod';
import { MAX_DELAY_MS } from '../bounds';

export const WaitForDelayArgsSchema = z.strictObject({
  /** Tightening: 0..300000 ms (5 minutes, the agent dialect's longest example); cancellable. */
  time_in_ms: z.int().min(0).max(MAX_DELAY_MS),
});
