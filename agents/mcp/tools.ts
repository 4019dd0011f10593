// The tools as MCP lists them: seed 000's 23 with names, descriptions, input and output schemas verbatim (or,
// with the agent dialect, seed 001's description and parameters for the 9 tools it describes), then seed 004's
// (verify/registry.ts), plus annotations.
import {
  TOOL_NAMES,
  VERIFY_TOOL_NAMES,
  toolJsonSchema,
  type AnyToolName,
  type VerifyToolName,
} from '../../shared/actions';
import { sendsInput } from '../../shared/actions/sends-input';
import { SEED_000_TOOLS, SEED_001_AGENT_TOOLS, SEED_004_DESCRIPTIONS, type JsonObject } from '../contracts';

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
const DESTRUCTIVE: ReadonlySet<AnyToolName> = new Set([
  'manage_app',
  'terminate_app',
  'restart_app',
  'reset_app_data',
  'install_app',
]);

/** Seed 004's tools: its descriptions verbatim, input schemas generated from the zod schemas Tactile enforces. */
function seed004Tool(name: VerifyToolName): McpTool {
  const readOnly = isReadOnlyTool(name);
  return {
    name,
    description: SEED_004_DESCRIPTIONS[name]!,
    inputSchema: toolJsonSchema(name) as McpTool['inputSchema'],
    annotations: {
      readOnlyHint: readOnly,
      destructiveHint: DESTRUCTIVE.has(name),
      idempotentHint: readOnly,
      openWorldHint: false,
    },
  };
}

/** Seed 000's 23 tools exactly as the seed lists them, then seed 004's (swipe and get_ui_hierarchy stay seed 000's). */
export function mcpTools(dialect: Dialect): McpTool[] {
  return [...seed000Tools(dialect), ...VERIFY_TOOL_NAMES.map(seed004Tool)];
}

function seed000Tools(dialect: Dialect): McpTool[] {
  return TOOL_NAMES.map((name) => {
    const seed = SEED_000_TOOLS[name]!;
    const agent = dialect === 'agent' ? SEED_001_AGENT_TOOLS[name]?.function : undefined;
    const readOnly = isReadOnlyTool(name);
    return {
      name,
      description: agent?.description ?? seed.description,
      inputSchema: (agent?.parameters ?? seed.inputSchema) as McpTool['inputSchema'],
      ...(seed.outputSchema ? { outputSchema: seed.outputSchema as McpTool['outputSchema'] } : {}),
      annotations: {
        readOnlyHint: readOnly,
        destructiveHint: DESTRUCTIVE.has(name),
        idempotentHint: readOnly,
        openWorldHint: false,
      },
    };
  });
}
