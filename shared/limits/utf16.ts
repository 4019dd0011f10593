// Text limits in UTF-16 code units, as Android measures text (String.length, EditText, AccessibilityNodeInfo).
// zod's .max() on a string counts code points (JSON Schema's maxLength), so 65,536 emoji (131,072 units) would
// pass a 65,536 limit that the device, and the helper, count in units. utf16Max keeps the .max() (the JSON
// Schema still says maxLength) and adds the unit count, with the same too_big issue zod itself raises.
import { z } from 'zod';

export function utf16Max(schema: z.ZodString, max: number): z.ZodString {
  return schema.max(max).check((ctx) => {
    const units = ctx.value.length;
    if (units <= max) return;
    // More code points than max is already zod's own too_big: one issue per overflow, not two.
    let points = 0;
    for (const _ of ctx.value) if (++points > max) return;
    ctx.issues.push({
      code: 'too_big',
      origin: 'string',
      maximum: max,
      inclusive: true,
      input: ctx.value,
      message: `Too big: expected string to have <=${max} UTF-16 units (it has ${units}; Android counts text in UTF-16 units)`,
    });
  });
}

/** A string of at most `max` UTF-16 units. */
export const text16 = (max: number): z.ZodString => utf16Max(z.string(), max);
