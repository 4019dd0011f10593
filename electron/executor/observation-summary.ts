// The observations a receipt keeps around input: a compact summary of the helper's view (windows, node count
// and a hash of every node), enough to tell whether and where the screen changed without journaling the tree,
// and seed 004's screen fingerprint from the same read (plus the resumed activity, read alongside).
import { createHash } from 'node:crypto';
import type { AnyToolName } from '../../shared/actions';
import type { ExecContext } from './context';
import { nativeRead } from './dispatch';
import { screenFingerprint } from '../../shared/verify/fingerprint';
import { ACTIVITY_COMMAND, parseResumedActivity } from './verify/activity';
import { helperTree } from '../../shared/evidence/helper-tree';
import type { ObservedTree } from '../../shared/observation';

/**
 * The reads whose evidence is kept (what they saw: a tree and a screen of that moment): the tools that look at
 * the screen. Waits on time, logs, app and device listings see no screen.
 */
const SCREEN_READS: ReadonlySet<AnyToolName> = new Set<AnyToolName>([
  'observe_screen',
  'get_ui_hierarchy',
  'take_screenshot',
  'read_control',
  'wait_until',
  'wait_for_text',
  'expect_screen',
  'expect_element_visible',
  'expect_state',
  'wait_for_ui',
  'wait_for_screen_change',
  'wait_for_ui_change',
  'find_element',
  'get_screen_fingerprint',
  'capture_debug_snapshot',
  'capture_screenshot',
]);

export function readsScreen(tool: AnyToolName): boolean {
  return SCREEN_READS.has(tool);
}

export interface AroundInput {
  summary: Record<string, unknown> | null;
  /** Seed 004's ui_fingerprint_before/after; absent without a helper or when the read failed. */
  fingerprint?: string;
  /** The same read as the evidence's node tree (so the evidence does not read the screen a second time). */
  tree?: ObservedTree;
}

/** Nothing without a helper (uiautomator would cost a second per receipt); `{error}` when the read failed. */
export async function summarize(ctx: ExecContext): Promise<AroundInput> {
  if (!ctx.native) return { summary: null };
  const [r, activity] = await Promise.all([
    nativeRead(ctx, 'observe', {}),
    ctx.link.shell(ACTIVITY_COMMAND).then(parseResumedActivity, () => null),
  ]);
  if (!r.ok) return { summary: { error: r.code } };
  const { display, windows, nodes, windows_complete } = r.result;
  const fingerprint = screenFingerprint({ activity, display, windows, nodes, source: 'helper' });
  const summary = {
    display,
    windows_complete,
    windows: windows.map((w) => ({
      id: w.id,
      layer: w.layer,
      type: w.type,
      package_name: w.package_name,
      focused: w.focused,
    })),
    node_count: nodes.length,
    nodes_sha256: createHash('sha256').update(JSON.stringify(nodes)).digest('hex'),
  };
  return { summary, fingerprint, tree: helperTree(r.result) };
}
