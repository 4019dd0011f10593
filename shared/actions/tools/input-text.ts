// input_text: type text, optionally focusing a normalized [x, y] first; clear_exist replaces the whole text.
import { z } from 'zod';
import { PointSchema, nullable } from '../primitives';

export const InputTextArgsSchema = z.strictObject({
  text: z.string(),
  target: nullable(PointSchema),
  clear_exist: z.boolean().default(true),
});
