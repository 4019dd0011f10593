// get_ui_hierarchy: the helper's windows + node list when it runs (richer than uiautomator), else the
// uiautomator tree; bounded by timeout_ms.
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { nativeRead } from '../dispatch';
import { outcome, type Outcome } from '../outcome';
import { ACTIVITY_COMMAND, parseResumedActivity } from '../verify/activity';
import { revise } from '../verify/revisions';
import { fromUiautomator } from '../verify/ui-snapshot';
import { readFailed, within } from './read-screen';

export async function getUiHierarchy(ctx: ExecContext, args: ToolArgs<'get_ui_hierarchy'>): Promise<Outcome> {
  // Seed 004: the read also gets a snapshot_revision and the delta against this device's previous read.
  const activity = ctx.link.shell(ACTIVITY_COMMAND).then(parseResumedActivity, () => null);
  try {
    if (ctx.native) {
      const r = await within(args.timeout_ms, nativeRead(ctx, 'observe', {}));
      if (r.ok) {
        const snapshot = {
          activity: await activity,
          display: r.result.display,
          windows: r.result.windows,
          nodes: r.result.nodes,
          source: 'helper' as const,
        };
        ctx.seen?.sawSnapshot(snapshot);
        const rev = revise(ctx.serial, snapshot);
        return {
          ...outcome('observed'),
          observation_after: { source: 'helper', ...r.result },
          result: { ...rev, captured_at_ms: Date.now() },
        };
      }
    }
    const o = await within(args.timeout_ms, ctx.link.observe());
    ctx.seen?.sawObservation(o);
    const rev = revise(ctx.serial, {
      activity: await activity,
      display: o.screen,
      ...fromUiautomator(o.nodes, undefined),
      source: 'uiautomator',
    });
    return {
      ...outcome('observed'),
      observation_after: { source: 'uiautomator', screen: o.screen, nodes: o.nodes },
      result: { ...rev, captured_at_ms: Date.now() },
    };
  } catch (e) {
    return readFailed(e);
  }
}
