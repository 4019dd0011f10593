// The 23 tools as MCP lists them: seed 000's names, descriptions, input and output schemas verbatim (or, with
// the agent dialect, seed 001's description and parameters for the 9 tools it describes), plus annotations.
import { TOOL_NAMES, type AnyToolName, type ToolName } from '../../../shared/actions';
import { sendsInput } from '../../executor/observation-summary';
import { SEED_000_TOOLS, SEED_001_AGENT_TOOLS, type JsonObject } from '../contracts';

export type Dialect = 'canonical' | 'agent';

export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonObject & { type: 'object' };
  outputSchema?: JsonObject & { type: 'object' };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

/** Observe, read and wait tools send no input (the executor's own list). */
export function isReadOnlyTool(tool: AnyToolName): boolean {
  return !sendsInput(tool);
}

/** manage_app can stop (force-stop) an app, losing its state: the one destructive tool. */
const DESTRUCTIVE: ReadonlySet<ToolName> = new Set(['manage_app']);

export function mcpTools(dialect: Dialect): McpTool[] {
  return TOOL_NAMES.map((name) => {
    const seed = SEED_000_TOOLS[name]!;
    const agent = dialect === 'agent' ? SEED_001_AGENT_TOOLS[name]?.function : undefined;
    const readOnly = isReadOnlyTool(name);
    return {
      name,
      description: agent?.description ?? seed.description,
      inputSchema: (agent?.parameters ?? seed.inputSchema) as McpTool['inputSchema'],
      ...(seed.outputSchema ? { outputSchema: seed.outputSchema as McpTool['outputSchema'] } : {}),
      annotations: { readOnlyHint: readOnly, destructiveHint: DESTRUCTIVE.has(name), idempotentHint: readOnly, openWorldHint: false },
    };
  });
}
