// focus_and_clear_text: focus the field at a normalized [x, y] and clear it.
import { z } from 'zod';
import { PointSchema } from '../primitives';

export const FocusAndClearTextArgsSchema = z.strictObject({
  target: PointSchema,
});
