// action_sequence: 1..10 click, drag and wait members (001); element indices are not accepted, so members
// pass to the canonical model unchanged apart from the canonical defaults.
import { z } from 'zod';
import { nullable } from '../primitives';
import { ClickStepSchema } from '../steps/click';
import { DragStepSchema } from '../steps/drag';
import { WaitStepSchema } from '../steps/wait';
import { AgentDragCalibrationSchema } from './drag';
import { defineAgentTool } from './agent-tool';

const AgentDragStepSchema = DragStepSchema.omit({ region: true }).extend({
  calibration: nullable(AgentDragCalibrationSchema),
});

const schema = z.strictObject({
  steps: z
    .array(z.discriminatedUnion('action', [ClickStepSchema, AgentDragStepSchema, WaitStepSchema]))
    .min(1)
    .max(10),
});

export const agentActionSequence = defineAgentTool('action_sequence', schema, (a) => ({
  ok: true,
  value: { steps: a.steps },
}));
