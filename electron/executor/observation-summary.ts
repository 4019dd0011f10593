// The observations a receipt keeps around input: a compact summary of the helper's view (windows, node count
// and a hash of every node), enough to tell whether and where the screen changed without journaling the tree.
import { createHash } from 'node:crypto';
import { TOOL_NAMES, VERIFY_ACTION_TOOLS, type AnyToolName, type ToolName, type VerifyToolName } from '../../shared/actions';
import type { ExecContext } from './context';
import { nativeRead } from './dispatch';

const SEED_000: ReadonlySet<string> = new Set<string>(TOOL_NAMES);
const READ_ONLY: ReadonlySet<ToolName> = new Set(['read_control', 'wait_until', 'wait_for_delay', 'wait_for_text', 'observe_screen', 'take_screenshot', 'get_ui_hierarchy']);

/** Seed 000: every tool but the read-only ones; seed 004: its action tools only. */
export function sendsInput(tool: AnyToolName): boolean {
  return SEED_000.has(tool) ? !READ_ONLY.has(tool as ToolName) : VERIFY_ACTION_TOOLS.has(tool as VerifyToolName);
}

/** null without a helper (uiautomator would cost a second per receipt) or when the read failed. */
export async function summarize(ctx: ExecContext): Promise<Record<string, unknown> | null> {
  if (!ctx.native) return null;
  const r = await nativeRead(ctx, 'observe', {});
  if (!r.ok) return { error: r.code };
  const { display, windows, nodes, windows_complete } = r.result;
  return {
    display,
    windows_complete,
    windows: windows.map((w) => ({ id: w.id, layer: w.layer, type: w.type, package_name: w.package_name, focused: w.focused })),
    node_count: nodes.length,
    nodes_sha256: createHash('sha256').update(JSON.stringify(nodes)).digest('hex'),
  };
}
