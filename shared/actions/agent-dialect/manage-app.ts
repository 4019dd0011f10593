// manage_app: same fields; the dialect's launch/stop enum is the canonical one.
import { z } from 'zod';
import { APP_ACTIONS } from '../tools/manage-app';
import { defineAgentTool } from './agent-tool';

const schema = z.strictObject({ action: z.enum(APP_ACTIONS), app_name: z.string() });

export const agentManageApp = defineAgentTool('manage_app', schema, (a) => ({ ok: true, value: { ...a } }));
