// get_ui_hierarchy: the helper's windows + node list when it runs (richer than uiautomator), else the
// uiautomator tree; bounded by timeout_ms.
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { nativeRead } from '../dispatch';
import { outcome, type Outcome } from '../outcome';
import { readFailed, within } from './read-screen';

export async function getUiHierarchy(ctx: ExecContext, args: ToolArgs<'get_ui_hierarchy'>): Promise<Outcome> {
  try {
    if (ctx.native) {
      const r = await within(args.timeout_ms, nativeRead(ctx, 'observe', {}));
      if (r.ok) return { ...outcome('observed'), observation_after: { source: 'helper', ...r.result } };
    }
    const o = await within(args.timeout_ms, ctx.link.observe());
    return { ...outcome('observed'), observation_after: { source: 'uiautomator', screen: o.screen, nodes: o.nodes } };
  } catch (e) {
    return readFailed(e);
  }
}
