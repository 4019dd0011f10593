// observe_screen: capture and index the current screen (adapter-internal).
import { z } from 'zod';

export const ObserveScreenArgsSchema = z.strictObject({
  /** Tightening: a settle time cannot be negative. */
  settle_ms: z.int().min(0).default(400),
  include_image: z.boolean().default(false),
});
