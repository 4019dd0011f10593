// $defs/ControlCondition: the desired state of control_action.ensure_state.
import { z } from 'zod';
import { text16 } from '../limits/utf16';
import { nullable } from './primitives';
import { CONDITION_STATES } from './states';

export const ControlConditionSchema = z
  .strictObject({
    state: z.enum(CONDITION_STATES),
    expected_text: nullable(text16(4096)),
    expected_value: nullable(z.number()),
    tolerance: z.number().min(0).default(0),
  })
  .meta({ id: 'ControlCondition' });
