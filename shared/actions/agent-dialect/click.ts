// click: an element index becomes the centre of its bounds plus expected_resource_id (the canonical click's
// guard that the node there is still the one observed); target_description is checked, then dropped
// (the canonical click has no such field).
import { z } from 'zod';
import { AgentTargetDescriptionSchema, AgentTargetSchema, resolveTarget } from './target';
import { defineAgentTool } from './agent-tool';

const schema = z.strictObject({
  target: AgentTargetSchema,
  target_description: AgentTargetDescriptionSchema,
  times: z.int().default(1),
  delay_ms: z.int().default(100),
});

export const agentClick = defineAgentTool('click', schema, (a, observation) => {
  const t = resolveTarget(a.target, a.target_description, observation);
  if (!t.ok) return t;
  return {
    ok: true,
    value: { target: t.value.point, times: a.times, delay_ms: a.delay_ms, expected_resource_id: t.value.resourceId },
  };
});
