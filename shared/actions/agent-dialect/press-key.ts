// press_key: the dialect's upper-case names map to the canonical lower-case keys.
import { z } from 'zod';
import type { DeviceKey } from '../tools/press-key';
import { defineAgentTool } from './agent-tool';

const KEYS = { ENTER: 'enter', BACK: 'back', HOME: 'home', APP_SWITCH: 'app_switch' } as const satisfies Record<
  string,
  DeviceKey
>;

const schema = z.strictObject({ key: z.enum(['ENTER', 'BACK', 'HOME', 'APP_SWITCH']) });

export const agentPressKey = defineAgentTool('press_key', schema, (a) => ({ ok: true, value: { key: KEYS[a.key] } }));
