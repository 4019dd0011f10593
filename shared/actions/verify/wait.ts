// Resolution and synchronization tools of seed 004 (find_element, wait_for_ui, wait_for_screen_change,
// wait_for_ui_change).
import { z } from 'zod';
import { utf16Max } from '../../limits/utf16';
import { device, ElementIdSchema, ElementSelectorSchema, TimeoutSchema } from './common';

export const FindElementArgsSchema = z.strictObject({ ...device, selector: ElementSelectorSchema });

export const WaitForUiArgsSchema = z.strictObject({
  ...device,
  selector: ElementSelectorSchema,
  timeout_ms: TimeoutSchema(5000),
  poll_interval_ms: z.int().min(50).max(5000).default(250),
});

export const WaitForScreenChangeArgsSchema = z.strictObject({
  ...device,
  previousFingerprint: utf16Max(z.string().min(1), 128),
  timeout_ms: TimeoutSchema(5000),
  poll_interval_ms: z.int().min(50).max(5000).default(250),
});

export const EXPECTED_CHANGES = ['hierarchy_diff', 'text_change', 'state_change'] as const;

export const WaitForUiChangeArgsSchema = z
  .strictObject({
    ...device,
    expected_change: z.enum(EXPECTED_CHANGES).optional(),
    timeout_ms: TimeoutSchema(5000),
    stability_window_ms: z.int().min(0).max(10_000).default(300),
    scope: z.enum(['screen', 'subtree']).default('screen'),
    target: z.strictObject({ element_id: ElementIdSchema }).optional(),
  })
  .refine((a) => a.scope !== 'subtree' || a.target !== undefined, {
    message: 'scope=subtree needs target.element_id',
    path: ['target'],
  });
