// scroll_to: bounded native scrolling inside one container until the scoped target is visible.
import { z } from 'zod';
import { ControlSelectorSchema } from '../selector';

export const SCROLL_DIRECTIONS = ['forward', 'backward', 'up', 'down', 'left', 'right'] as const;

export const ScrollToArgsSchema = z.strictObject({
  container: ControlSelectorSchema,
  target: ControlSelectorSchema,
  direction: z.enum(SCROLL_DIRECTIONS).default('forward'),
  max_scrolls: z.int().min(1).max(20).default(10),
  timeout_ms: z.int().min(1).max(30000).default(10000),
  settle_ms: z.int().min(50).max(3000).default(300),
});
