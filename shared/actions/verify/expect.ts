// Verification tools of seed 004 (expect_screen, expect_element_visible, expect_state).
import { z } from 'zod';
import { text16, utf16Max } from '../../limits/utf16';
import { device, ElementIdSchema, ElementSelectorSchema, TimeoutSchema } from './common';

export const ExpectScreenArgsSchema = z
  .strictObject({
    ...device,
    fingerprint: utf16Max(z.string().min(1), 128).optional(),
    screen: utf16Max(z.string().min(1), 512).optional(),
  })
  .refine((a) => a.fingerprint !== undefined || a.screen !== undefined, {
    message: 'give a fingerprint or a screen identifier',
  });

export const ExpectElementVisibleArgsSchema = z.strictObject({
  ...device,
  selector: ElementSelectorSchema,
  element_id: ElementIdSchema.optional(),
  timeout_ms: TimeoutSchema(2000),
});

export const STATE_PROPERTIES = [
  'checked',
  'selected',
  'focused',
  'expanded',
  'enabled',
  'text_value',
  'value',
  'raw_value',
] as const;

export const ExpectStateArgsSchema = z
  .strictObject({
    ...device,
    selector: ElementSelectorSchema.optional(),
    element_id: ElementIdSchema.optional(),
    property: z.enum(STATE_PROPERTIES),
    expected: z.union([z.boolean(), z.number(), text16(4096)]),
  })
  .refine((a) => (a.selector === undefined) !== (a.element_id === undefined), {
    message: 'give exactly one of selector or element_id',
  });
