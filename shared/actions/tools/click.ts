// click: tap at a normalized [x, y]; expected_resource_id optionally guards that the node there is the one observed.
import { z } from 'zod';
import { text16 } from '../../limits/utf16';
import { MAX_NAME, MAX_TAP_DELAY_MS, MAX_TAPS } from '../bounds';
import { PointSchema, nullable } from '../primitives';

export const ClickArgsSchema = z.strictObject({
  target: PointSchema,
  /** Tightening: 1..10 taps (the seed leaves it unbounded; a sequence click member allows 10). */
  times: z.int().min(1).max(MAX_TAPS).default(1),
  /** Tightening: a delay cannot be negative. */
  delay_ms: z.int().min(0).max(MAX_TAP_DELAY_MS).default(100),
  expected_resource_id: nullable(text16(MAX_NAME)),
});
