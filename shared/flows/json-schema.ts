// The published JSON Schema (draft 2020-12) of tactile.flow/1 (`tactile schema flow`): the outer shape of
// format.ts with each step as one of the 23 tools' `{tool, args}` (input side: defaults optional). Semantic rules
// (OFF_SCREEN, END_XOR_CALIBRATION, …) are not expressible in JSON Schema; `tactile flow validate` applies them.
import { z } from 'zod';
import { TOOL_NAMES, toolSchemas, type JsonSchema, type ToolName } from '../actions';
import { FlowExpectationSchema, FlowShapeSchema, FlowStepShapeSchema, MAX_FLOW_STEPS } from './format';

function stepSchema(tool: ToolName) {
  return z.strictObject({
    tool: z.literal(tool),
    // Omitted args are {} (FlowStepShapeSchema), as in the `{tool, args}` envelope.
    args: (toolSchemas[tool] as z.ZodType).optional(),
    label: FlowStepShapeSchema.shape.label,
    expect: FlowExpectationSchema.optional(),
  });
}

/** Built on demand: the 23 step schemas are not needed by anything that only parses flows. */
export function flowJsonSchema(): JsonSchema {
  const [first, ...rest] = TOOL_NAMES.map(stepSchema);
  const published = FlowShapeSchema.extend({
    steps: z.array(z.discriminatedUnion('tool', [first!, ...rest])).max(MAX_FLOW_STEPS),
  }).meta({ title: 'tactile.flow/1', description: 'A Tactile flow: seed tool calls recorded on one device, replayed through the executor.' });
  return z.toJSONSchema(published, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
}
