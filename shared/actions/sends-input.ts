// Which tools touch the device (and so take its lock, write an intent first and are never replayed blind), and
// which only read it: a fact of the tool catalog, asked by the executor's pipeline and by the agent servers (an
// MCP tool's readOnlyHint), so it lives with the catalog rather than in either of them.
import { TOOL_NAMES, type AnyToolName, type ToolName } from './registry';
import { isTactileTool } from './tactile/registry';
import { VERIFY_ACTION_TOOLS, type VerifyToolName } from './verify/registry';

const SEED_000: ReadonlySet<string> = new Set<string>(TOOL_NAMES);
const READ_ONLY: ReadonlySet<ToolName> = new Set([
  'read_control',
  'wait_until',
  'wait_for_delay',
  'wait_for_text',
  'observe_screen',
  'take_screenshot',
  'get_ui_hierarchy',
]);

/** Seed 000: every tool but the read-only ones; seed 004: its action tools only; Tactile's: all of them. */
export function sendsInput(tool: AnyToolName): boolean {
  if (isTactileTool(tool)) return true;
  return SEED_000.has(tool) ? !READ_ONLY.has(tool as ToolName) : VERIFY_ACTION_TOOLS.has(tool as VerifyToolName);
}
