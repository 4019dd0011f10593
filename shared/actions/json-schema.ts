// JSON Schema (draft 2020-12) of what Tactile enforces, generated from the zod schemas (input side:
// defaults are optional, as a caller writes them).
import { z } from 'zod';
import { TOOL_NAMES, allToolSchemas, type AnyToolName, type ToolName } from './registry';

export type JsonSchema = Record<string, unknown>;

export function toolJsonSchema(tool: AnyToolName): JsonSchema {
  return z.toJSONSchema(allToolSchemas[tool], { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
}

/** Seed 000's 23 tools (seed 004's are listed by verifyToolJsonSchemas in the MCP server). */
export function allToolJsonSchemas(): Record<ToolName, JsonSchema> {
  return Object.fromEntries(TOOL_NAMES.map((t) => [t, toolJsonSchema(t)])) as Record<ToolName, JsonSchema>;
}
