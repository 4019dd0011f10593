// One tool of the agent dialect: its schema as 001 describes it, and the mapping to the canonical tool.
import type { z } from 'zod';
import type { ToolName } from '../registry';
import type { AgentObservation, Resolved } from './observation';

export interface AgentTool {
  /** The canonical tool it becomes (same name in every case of 001). */
  tool: ToolName;
  convert(
    args: unknown,
    observation: AgentObservation | undefined,
  ): Resolved<Record<string, unknown>> | { ok: false; issues: z.core.$ZodIssue[] };
}

/** Ties a dialect schema to its mapping, keeping the parsed type for the mapping. */
export function defineAgentTool<S extends z.ZodType>(
  tool: ToolName,
  schema: S,
  toCanonical: (args: z.output<S>, observation: AgentObservation | undefined) => Resolved<Record<string, unknown>>,
): AgentTool {
  return {
    tool,
    convert(args, observation) {
      const parsed = schema.safeParse(args);
      return parsed.success ? toCanonical(parsed.data, observation) : { ok: false, issues: parsed.error.issues };
    },
  };
}
