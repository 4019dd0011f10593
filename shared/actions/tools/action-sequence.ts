// action_sequence: validated members run consecutively, stopping at the first failure. The member count
// limit is configurable (max_burst_actions → TOO_MANY_MEMBERS); the schema only caps it at MAX_SEQUENCE_MEMBERS.
import { z } from 'zod';
import { ValueFeedbackSchema } from '../feedback';
import { MAX_SEQUENCE_MEMBERS } from '../bounds';
import { nullable } from '../primitives';
import { StepSchema } from '../steps';

export const ActionSequenceArgsSchema = z.strictObject({
  /** Tightening: at most 100 members whatever max_burst_actions says (the seed leaves it unbounded). */
  steps: z.array(StepSchema).max(MAX_SEQUENCE_MEMBERS),
  /** Feedback for the whole group (never on a drag member). */
  feedback: nullable(ValueFeedbackSchema),
});
