// input_text: type text, optionally focusing a normalized [x, y] first; clear_exist replaces the whole text.
import { z } from 'zod';
import { text16 } from '../../limits/utf16';
import { MAX_INPUT_TEXT } from '../bounds';
import { PointSchema, nullable } from '../primitives';

export const InputTextArgsSchema = z.strictObject({
  /** Tightening: at most 65536 UTF-16 units, control_action's text limit. */
  text: text16(MAX_INPUT_TEXT),
  target: nullable(PointSchema),
  clear_exist: z.boolean().default(true),
});
