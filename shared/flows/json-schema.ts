// The published JSON Schema (draft 2020-12) of tactile.flow/1 (`tactile schema flow`): the outer shape of
// format.ts with each step as one of the registered tools' `{tool, args}` (seed 000's 23 and seed 004's) (input side: defaults optional). Semantic rules
// (OFF_SCREEN, END_XOR_CALIBRATION, …) are not expressible in JSON Schema; `tactile flow validate` applies them.
import { z } from 'zod';
import { ALL_TOOL_NAMES, allToolSchemas, type AnyToolName, type JsonSchema } from '../actions';
import { FlowExpectationSchema, FlowShapeSchema, FlowStepShapeSchema, MAX_FLOW_STEPS } from './format';

function stepSchema(tool: AnyToolName) {
  return z.strictObject({
    tool: z.literal(tool),
    // Omitted args are {} (FlowStepShapeSchema), as in the `{tool, args}` envelope.
    args: (allToolSchemas[tool] as z.ZodType).optional(),
    label: FlowStepShapeSchema.shape.label,
    expect: FlowExpectationSchema.optional(),
  });
}

/** Built on demand: the step schemas are not needed by anything that only parses flows. */
export function flowJsonSchema(): JsonSchema {
  const [first, ...rest] = ALL_TOOL_NAMES.map(stepSchema);
  const published = FlowShapeSchema.extend({
    steps: z.array(z.discriminatedUnion('tool', [first!, ...rest])).max(MAX_FLOW_STEPS),
  }).meta({
    title: 'tactile.flow/1',
    description: 'A Tactile flow: seed tool calls recorded on one device, replayed through the executor.',
  });
  return z.toJSONSchema(published, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
}
