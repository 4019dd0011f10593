// The agent-facing contracts, vendored verbatim from the spec seeds so the product does not depend on files
// beside the repository: seed 000 (the 23 tools: names, descriptions, input and output schemas), seed 001 (the
// agent dialect of 9 of them), seed 003 (the owner-approved bridge's OpenAPI) and seed 004's tool descriptions. contracts.test.ts checks each
// copy is equal to its seed when the seeds are present.
import seed000 from './seed-000-tools.json' with { type: 'json' };
import seed001 from './seed-001-agent-tools.json' with { type: 'json' };
import seed003 from './seed-003-openapi.json' with { type: 'json' };
import seed004 from './seed-004-descriptions.json' with { type: 'json' };

export type JsonObject = Record<string, unknown>;

export interface SeedTool {
  description: string;
  inputSchema: JsonObject;
  /** ActionResult or ObserveResult; absent for take_screenshot and get_ui_hierarchy. */
  outputSchema?: JsonObject | null;
}

export interface SeedAgentTool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonObject };
}

export const SEED_000_TOOLS = seed000 as unknown as Readonly<Record<string, SeedTool>>;
export const SEED_001_AGENT_TOOLS = seed001 as unknown as Readonly<Record<string, SeedAgentTool>>;
export const SEED_003_OPENAPI = seed003 as unknown as JsonObject;
/** Seed 004 is prose: each tool's description, cut at the next tool's first line, in the seed's order. */
export const SEED_004_DESCRIPTIONS = seed004 as Readonly<Record<string, string>>;

/** Seed 000's ActionResult (the output schema every action tool shares). */
export function actionResultSchema(): JsonObject {
  return SEED_000_TOOLS.click!.outputSchema as JsonObject;
}

export function observeResultSchema(): JsonObject {
  return SEED_000_TOOLS.observe_screen!.outputSchema as JsonObject;
}
