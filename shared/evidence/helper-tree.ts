// The helper's observe result (protocol-4 DeviceState: windows by layer, a flat node list) as the ObservedTree
// the console and the evidence store use, so evidence trees read like `device.observe` and the tree diff
// compares like with like. The helper answers in tens of milliseconds where a uiautomator dump takes seconds
// on a phone, which is what lets the evidence store read the tree right before input.
import type { DeviceState } from '../helper-protocol/device-state';
import {
  duplicateResourceIds,
  nativeSelectorFor,
  normalizeRect,
  type ObservedNode,
  type ObservedTree,
  type ObservedWindow,
} from '../observation';

type HelperObserve = Pick<DeviceState, 'display' | 'windows' | 'nodes'>;

export function helperTree(state: HelperObserve): ObservedTree {
  const screen = { width: state.display.width, height: state.display.height };
  // ObservedNode.window numbers windows from the bottom; ObservedTree.windows lists them top first.
  const bottomUp = [...state.windows].sort((a, b) => a.layer - b.layer || a.id - b.id);
  const windowOf = new Map(bottomUp.map((w, i) => [w.id, i]));
  const depth: number[] = [];
  const depthOf = (i: number, seen = 0): number => {
    if (depth[i] !== undefined) return depth[i]!;
    const parent = state.nodes[i]?.parent ?? null;
    const d = parent === null || parent === i || seen > state.nodes.length ? 0 : depthOf(parent, seen + 1) + 1;
    depth[i] = d;
    return d;
  };
  const sources = state.nodes.map((n) => ({
    resource_id: n.resource_id === null || n.resource_id === '' ? null : n.resource_id,
    class_name: n.class_name ?? '',
    package_name: n.package_name ?? '',
    bounds_px: n.bounds_px,
  }));
  const duplicates = duplicateResourceIds(sources);
  const nodes: ObservedNode[] = state.nodes.map((n, i) => {
    const source = sources[i]!;
    return {
      index: i,
      parent: n.parent,
      depth: depthOf(i),
      window: n.window_id === null ? 0 : (windowOf.get(n.window_id) ?? 0),
      class_name: source.class_name,
      resource_id: source.resource_id,
      text: n.text ?? '',
      content_desc: n.content_desc === null || n.content_desc === '' ? null : n.content_desc,
      package_name: source.package_name,
      bounds_px: n.bounds_px,
      bounds: normalizeRect(n.bounds_px, screen),
      flags: {
        clickable: n.flags.clickable,
        checkable: n.flags.checkable,
        checked: n.flags.checked,
        enabled: n.flags.enabled,
        focused: n.flags.focused,
        focusable: n.flags.focusable,
        scrollable: n.flags.scrollable,
        long_clickable: n.flags.long_clickable,
        selected: n.flags.selected,
        password: n.flags.password,
      },
      native_selector: nativeSelectorFor(source, duplicates),
    };
  });
  const windows: ObservedWindow[] = bottomUp
    .map((w, i) => ({
      window: i,
      id: w.id,
      layer: w.layer,
      title: '',
      type: `TYPE_${w.type.toUpperCase()}`,
      bounds_px: w.bounds,
      active: w.active,
      focused: w.focused,
      package_name: w.package_name,
    }))
    .reverse();
  return { screen, rotation: 0, nodes, windows };
}
