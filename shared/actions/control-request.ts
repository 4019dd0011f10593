// The arguments of one native control action. The control_action tool and the sequence member
// ($defs/SequenceControlRequest) share every field except the text limit: 65536 standalone, 1024 inside
// a sequence (larger text goes in a separate control_action).
import { z } from 'zod';
import { text16 } from '../limits/utf16';
import { nullable } from './primitives';
import { ControlSelectorSchema } from './selector';
import { ControlConditionSchema } from './control-condition';
import { CONTROL_ACTIONS } from './states';

export const EXPECTED_TOKEN_PATTERN = /^[a-f0-9]{64}$/;

export function controlRequestShape(maxTextLength: number) {
  return {
    selector: ControlSelectorSchema,
    action: z.enum(CONTROL_ACTIONS),
    /** Binds an earlier read_control; a changed target is STALE. */
    expected_token: nullable(z.string().regex(EXPECTED_TOKEN_PATTERN)),
    value: nullable(z.number()),
    text: nullable(text16(maxTextLength)),
    /** UTF-16 code units. */
    selection_start: nullable(z.int().min(0)),
    selection_end: nullable(z.int().min(0)),
    ensure_state: nullable(ControlConditionSchema),
    verify_timeout_ms: z.int().min(1).max(3000).default(1500),
  };
}

export const SequenceControlRequestSchema = z
  .strictObject(controlRequestShape(1024))
  .meta({ id: 'SequenceControlRequest' });

export type SequenceControlRequest = z.output<typeof SequenceControlRequestSchema>;
