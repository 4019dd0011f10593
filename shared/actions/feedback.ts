// $defs/ValueFeedback: a persistent native readout checked after a precise adjustment.
// timeout_ms > stable_ms is a semantic rule (FEEDBACK_TIMING), checked in shared/validation.
import { z } from 'zod';
import { ControlSelectorSchema } from './selector';

/** range reads range.current; number needs an entire numeric text; clock reads one HH:MM:SS as seconds of day. */
export const VALUE_FORMATS = ['range', 'number', 'clock'] as const;

export const ValueFeedbackSchema = z
  .strictObject({
    selector: ControlSelectorSchema,
    value_format: z.enum(VALUE_FORMATS),
    target_value: z.number(),
    tolerance: z.number().min(0),
    stable_ms: z.int().min(100).max(5000).default(1000),
    timeout_ms: z.int().min(200).max(10000).default(3000),
  })
  .meta({ id: 'ValueFeedback' });

export type ValueFeedback = z.output<typeof ValueFeedbackSchema>;
