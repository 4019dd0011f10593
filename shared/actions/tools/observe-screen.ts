// observe_screen: capture and index the current screen (adapter-internal).
import { z } from 'zod';
import { MAX_SETTLE_MS } from '../bounds';

export const ObserveScreenArgsSchema = z.strictObject({
  /** Tightening: 0..3000 ms, scroll_to's settle maximum. */
  settle_ms: z.int().min(0).max(MAX_SETTLE_MS).default(400),
  include_image: z.boolean().default(false),
});
