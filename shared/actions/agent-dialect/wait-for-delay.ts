// wait_for_delay: identical in both dialects.
import { z } from 'zod';
import { defineAgentTool } from './agent-tool';

const schema = z.strictObject({ time_in_ms: z.int() });

export const agentWaitForDelay = defineAgentTool('wait_for_delay', schema, (a) => ({ ok: true, value: { ...a } }));
