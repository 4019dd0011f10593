// One read of the device for the seed-004 tools: the helper's observe (uiautomator when the helper is not
// running, converted to the helper's node shape) plus the resumed activity, read together.
import type { HelperNode, HelperWindow } from '../../../shared/helper-protocol';
import type { ObservedNode, ObservedWindow } from '../../../shared/observation';
import type { UiSnapshot } from '../../../shared/verify/snapshot';
import type { ExecContext } from '../context';
import { nativeRead } from '../dispatch';
import { ACTIVITY_COMMAND, parseResumedActivity } from './activity';

/** A read the tool could not make: the receipt says READ_FAILED (or the helper's code). */
export class SnapshotError extends Error {
  constructor(
    readonly code: 'READ_FAILED' | 'DEVICE_LOST' | 'TIMEOUT',
    message: string,
  ) {
    super(message);
  }
}

export function fromUiautomator(
  nodes: ObservedNode[],
  windows: ObservedWindow[] | undefined,
): { nodes: HelperNode[]; windows: HelperWindow[] } {
  const ws: HelperWindow[] = (windows ?? []).map((w) => ({
    id: w.id,
    display_id: 0,
    layer: w.layer,
    type: w.type.toLowerCase().replace(/^type_/, '') as HelperWindow['type'],
    package_name: w.package_name,
    bounds: w.bounds_px,
    touchable_region: null,
    focused: w.focused,
    active: w.active,
  }));
  const idOf = (win: number) => (windows ?? []).find((w) => w.window === win)?.id ?? 0;
  if (ws.length === 0)
    ws.push({
      id: 0,
      display_id: 0,
      layer: 1,
      type: 'application',
      package_name: nodes[0]?.package_name ?? null,
      bounds: [0, 0, 0, 0],
      touchable_region: null,
      focused: true,
      active: true,
    });
  const children = new Map<number, number[]>();
  for (const n of nodes) if (n.parent !== null) children.set(n.parent, [...(children.get(n.parent) ?? []), n.index]);
  return {
    windows: ws,
    nodes: nodes.map((n) => ({
      window_id: idOf(n.window),
      parent: n.parent,
      children: children.get(n.index) ?? [],
      class_name: n.class_name,
      resource_id: n.resource_id,
      text: n.text === '' ? null : n.text,
      content_desc: n.content_desc,
      package_name: n.package_name,
      bounds_px: n.bounds_px,
      flags: { ...n.flags, editable: n.class_name.endsWith('EditText'), visible: true },
      range: null,
      actions: [],
      selection: null,
    })),
  };
}

export async function readSnapshot(ctx: ExecContext): Promise<UiSnapshot> {
  const activity = ctx.link.shell(ACTIVITY_COMMAND).then(parseResumedActivity, () => null);
  if (ctx.native) {
    const r = await nativeRead(ctx, 'observe', {});
    if (r.ok) {
      const s: UiSnapshot = {
        activity: await activity,
        display: r.result.display,
        windows: r.result.windows,
        nodes: r.result.nodes,
        source: 'helper',
      };
      ctx.seen?.sawSnapshot(s);
      return s;
    }
    if (r.lost) throw new SnapshotError('DEVICE_LOST', r.message);
  }
  try {
    const o = await ctx.link.observe();
    const converted = fromUiautomator(o.nodes, undefined);
    ctx.seen?.sawObservation(o);
    return { activity: await activity, display: o.screen, ...converted, source: 'uiautomator' };
  } catch (e) {
    throw new SnapshotError('READ_FAILED', `cannot read the UI: ${(e as Error).message}`);
  }
}
