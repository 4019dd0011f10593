// The agent dialect (seed 001) → the canonical action model (seed 000). The dialect's tools keep their
// names; tools 001 does not describe are taken in their canonical form, so one file format serves both.
import { z } from 'zod';
import { tactileError, type TactileError } from '../../errors';
import { issuesToErrors } from '../issues';
import { refuseProtoKey } from '../../limits/proto-key';
import { parseToolArgs, type ParseResult } from '../parse';
import type { AgentTool } from './agent-tool';
import { AgentObservationSchema, type AgentObservation } from './observation';
import { agentActionSequence } from './action-sequence';
import { agentClick } from './click';
import { agentDrag } from './drag';
import { agentInputText } from './input-text';
import { agentLongPress } from './long-press';
import { agentManageApp } from './manage-app';
import { agentPressKey } from './press-key';
import { agentSwipe } from './swipe';
import { agentWaitForDelay } from './wait-for-delay';

export type { AgentObservation } from './observation';

const AGENT_TOOLS = {
  click: agentClick,
  action_sequence: agentActionSequence,
  drag: agentDrag,
  input_text: agentInputText,
  swipe: agentSwipe,
  press_key: agentPressKey,
  manage_app: agentManageApp,
  wait_for_delay: agentWaitForDelay,
  long_press: agentLongPress,
} as const satisfies Record<string, AgentTool>;

const AgentEnvelopeSchema = z.strictObject({
  tool: z.string(),
  args: z.record(z.string(), z.unknown()).default({}),
  /** The observation whose element indices the args refer to. */
  observation: AgentObservationSchema.optional(),
});

const fail = (errors: TactileError[]): ParseResult => ({ ok: false, errors });

/**
 * Parses `{tool, args, observation?}` in the agent dialect and returns the canonical call (defaults filled).
 * An `observation` argument takes precedence over one carried in the envelope.
 */
export function fromAgentDialect(envelope: unknown, observation?: AgentObservation): ParseResult {
  const proto = refuseProtoKey(envelope);
  if (proto !== null) return fail([proto]);
  const env = AgentEnvelopeSchema.safeParse(envelope);
  if (!env.success) return fail(issuesToErrors(env.error.issues, []));
  let obs = env.data.observation;
  if (observation !== undefined) {
    const given = AgentObservationSchema.safeParse(observation);
    if (!given.success) return fail(issuesToErrors(given.error.issues, ['observation']));
    obs = given.data;
  }
  const { tool, args } = env.data;
  if (!Object.hasOwn(AGENT_TOOLS, tool)) {
    const canonical = parseToolArgs(tool, args);
    if (!canonical.ok && canonical.errors[0]?.code === 'UNKNOWN_TOOL') {
      return fail([
        tactileError(
          'UNKNOWN_TOOL',
          ['tool'],
          `Unknown tool ${JSON.stringify(tool)} in the agent dialect or the canonical model.`,
        ),
      ]);
    }
    return canonical;
  }
  const converted = AGENT_TOOLS[tool as keyof typeof AGENT_TOOLS].convert(args, obs);
  if ('issues' in converted) return fail(issuesToErrors(converted.issues, ['args']));
  if (!converted.ok) return fail(converted.errors);
  return parseToolArgs(tool, converted.value);
}
