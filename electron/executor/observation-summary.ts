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
import type { ScreenSize } from '../../shared/geometry';

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

/**
 * A read around input, started now. `display` settles as soon as the helper's observation is in (null without a
 * helper or when it failed): the pipeline prepares an input tool's call against it, so one helper observation is
 * both the operation's screen and its before-read. `read` settles once the resumed activity is read too.
 */
export interface StartedRead {
  display: Promise<ScreenSize | null>;
  read: Promise<AroundInput>;
}

type ReadContext = Pick<ExecContext, 'native' | 'link' | 'operationId'>;

/** Nothing without a helper (uiautomator would cost a second per receipt); `{error}` when the read failed. */
export function startRead(ctx: ReadContext): StartedRead {
  if (!ctx.native) return { display: Promise.resolve(null), read: Promise.resolve({ summary: null }) };
  const observed = nativeRead(ctx, 'observe', {});
  const activity = ctx.link.shell(ACTIVITY_COMMAND).then(parseResumedActivity, () => null);
  const read = Promise.all([observed, activity]).then(([r, activity]): AroundInput => {
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
  });
  return { display: observed.then((r) => (r.ok ? r.result.display : null)).catch(() => null), read };
}

export function summarize(ctx: ReadContext): Promise<AroundInput> {
  return startRead(ctx).read;
}
