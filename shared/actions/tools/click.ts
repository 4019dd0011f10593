// click: tap at a normalized [x, y]; expected_resource_id optionally guards that the node there is the one observed.
import { z } from 'zod';
import { PointSchema, nullable } from '../primitives';

export const ClickArgsSchema = z.strictObject({
  target: PointSchema,
  /** Tightening: at least one tap (the seed leaves it unbounded). */
  times: z.int().min(1).default(1),
  /** Tightening: a delay cannot be negative. */
  delay_ms: z.int().min(0).default(100),
  expected_resource_id: nullable(z.string()),
});
