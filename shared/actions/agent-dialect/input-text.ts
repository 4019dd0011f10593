// input_text: the target is required in the dialect; an element index becomes the centre of its bounds
// (the canonical input_text focuses an [x, y]).
import { z } from 'zod';
import { AgentTargetDescriptionSchema, AgentTargetSchema, resolveTarget } from './target';
import { defineAgentTool } from './agent-tool';

const schema = z.strictObject({
  text: z.string(),
  target: AgentTargetSchema,
  target_description: AgentTargetDescriptionSchema,
  clear_exist: z.boolean().default(true),
});

export const agentInputText = defineAgentTool('input_text', schema, (a, observation) => {
  const t = resolveTarget(a.target, a.target_description, observation);
  if (!t.ok) return t;
  return { ok: true, value: { text: a.text, target: t.value.point, clear_exist: a.clear_exist } };
});
