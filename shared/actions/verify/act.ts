// Action tools of seed 004 (tap, tap_element, type_text, press_back, scroll_to_element, adjust_control).
// swipe keeps seed 000's schema (the same name): both seeds cannot own one name.
import { z } from 'zod';
import { utf16Max } from '../../limits/utf16';
import { MAX_INPUT_TEXT } from '../bounds';
import { device, ElementIdSchema, ElementSelectorSchema } from './common';

/** Device pixels, never clamped: a point off the screen is OFF_SCREEN. */
export const TapArgsSchema = z.strictObject({ ...device, x: z.int(), y: z.int() });

export const TapElementArgsSchema = z.strictObject({ ...device, elementId: ElementIdSchema });

export const TypeTextArgsSchema = z.strictObject({ ...device, text: utf16Max(z.string().min(1), MAX_INPUT_TEXT) });

export const PressBackArgsSchema = z.strictObject({ ...device });

export const ScrollToElementArgsSchema = z.strictObject({
  ...device,
  selector: ElementSelectorSchema,
  direction: z.enum(['down', 'up']).default('down'),
  maxScrolls: z.int().min(1).max(20).default(10),
  /** Fraction of the scrollable container's height one scroll moves (0.1..0.9). */
  scrollAmount: z.number().min(0.1).max(0.9).default(0.6),
});

export const AdjustControlArgsSchema = z
  .strictObject({
    ...device,
    selector: ElementSelectorSchema.optional(),
    element_id: ElementIdSchema.optional(),
    property: z.literal('value').default('value'),
    targetValue: z.number(),
    tolerance: z.number().min(0).optional(),
    maxAttempts: z.int().min(1).max(20).default(5),
  })
  .refine((a) => (a.selector === undefined) !== (a.element_id === undefined), {
    message: 'give exactly one of selector or element_id',
  });
