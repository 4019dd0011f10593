// wait_for_text: wait for text to appear on or disappear from the screen. The seed's description names
// the two states; Tactile enforces them as an enum.
import { z } from 'zod';

export const TEXT_WAIT_STATES = ['appear', 'disappear'] as const;

export const WaitForTextArgsSchema = z.strictObject({
  text: z.string(),
  wait_state: z.enum(TEXT_WAIT_STATES).default('appear'),
  /** Tightening: a timeout must be positive. */
  timeout_ms: z.int().min(1).default(5000),
});
