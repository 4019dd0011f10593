// action_sequence: validated members run consecutively, stopping at the first failure. The member count
// limit is configurable (max_burst_actions → TOO_MANY_MEMBERS), so the schema leaves `steps` unbounded as the seed does.
import { z } from 'zod';
import { ValueFeedbackSchema } from '../feedback';
import { nullable } from '../primitives';
import { StepSchema } from '../steps';

export const ActionSequenceArgsSchema = z.strictObject({
  steps: z.array(StepSchema),
  /** Feedback for the whole group (never on a drag member). */
  feedback: nullable(ValueFeedbackSchema),
});
