// long_press: an element index becomes the centre of its bounds (the canonical long_press takes only [x, y]);
// `duration` becomes duration_ms.
import { z } from 'zod';
import { AgentTargetDescriptionSchema, AgentTargetSchema, resolveTarget } from './target';
import { defineAgentTool } from './agent-tool';

const schema = z.strictObject({
  target: AgentTargetSchema,
  target_description: AgentTargetDescriptionSchema,
  duration: z.int().default(1000),
});

export const agentLongPress = defineAgentTool('long_press', schema, (a, observation) => {
  const t = resolveTarget(a.target, a.target_description, observation);
  if (!t.ok) return t;
  return { ok: true, value: { target: t.value.point, duration_ms: a.duration } };
});
