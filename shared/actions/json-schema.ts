// JSON Schema (draft 2020-12) of what Tactile enforces, generated from the zod schemas (input side:
// defaults are optional, as a caller writes them).
import { z } from 'zod';
import { TOOL_NAMES, toolSchemas, type ToolName } from './registry';

export type JsonSchema = Record<string, unknown>;

export function toolJsonSchema(tool: ToolName): JsonSchema {
  return z.toJSONSchema(toolSchemas[tool], { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
}

export function allToolJsonSchemas(): Record<ToolName, JsonSchema> {
  return Object.fromEntries(TOOL_NAMES.map((t) => [t, toolJsonSchema(t)])) as Record<ToolName, JsonSchema>;
}
