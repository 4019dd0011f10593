// Flattens the window specs into accessibility windows and nodes (the LabSnapshot).
import { intersect, isEmpty, rect } from './rect';
import type { A11yFlags, A11yNode, A11yWindow, LabSnapshot } from './types';
import type { ViewSpec, WindowSpec } from './view-spec';

const NO_FLAGS: A11yFlags = {
  clickable: false,
  checkable: false,
  checked: false,
  enabled: true,
  focusable: false,
  focused: false,
  scrollable: false,
  long_clickable: false,
  password: false,
  selected: false,
  editable: false,
  visible_to_user: true,
};

export interface SnapshotInput {
  version: number;
  timeMs: number;
  width: number;
  height: number;
  rotation: number;
  density: number;
  focusedActivity: string;
  windows: WindowSpec[];
}

export function buildSnapshot(input: SnapshotInput): { snapshot: LabSnapshot; specs: Map<number, ViewSpec> } {
  const nodes: A11yNode[] = [];
  const specs = new Map<number, ViewSpec>();
  const screen = rect(0, 0, input.width, input.height);
  const windows: A11yWindow[] = [...input.windows]
    .sort((a, b) => b.layer - a.layer)
    .map((w) => {
      const root = nodes.length;
      const visit = (
        v: ViewSpec,
        parent: number | null,
        index: number,
        clip: ReturnType<typeof rect>,
        path: string,
      ): number => {
        const id = nodes.length;
        const visible = intersect(v.bounds, clip);
        const node: A11yNode = {
          id,
          ref: v.resource_id ?? `${w.package_name}#${path}`,
          window_id: w.id,
          parent,
          children: [],
          index,
          class_name: v.class_name,
          resource_id: v.resource_id ?? '',
          text: v.text ?? '',
          content_desc: v.content_desc ?? '',
          hint_text: v.hint ?? '',
          showing_hint_text: v.showing_hint ?? false,
          package_name: w.package_name,
          bounds: v.bounds,
          visible_bounds: isEmpty(visible) ? rect(0, 0, 0, 0) : visible,
          flags: { ...NO_FLAGS, ...v.flags, visible_to_user: !isEmpty(visible) },
          range: v.range ?? null,
          actions: v.actions ?? [],
          text_selection: v.selection ?? null,
          ime_action: v.ime_action ?? null,
          widget: v.widget,
        };
        nodes.push(node);
        specs.set(id, v);
        const childClip = v.clips ? intersect(clip, v.bounds) : clip;
        (v.children ?? []).forEach((c, i) => node.children.push(visit(c, id, i, childClip, `${path}.${i}`)));
        return id;
      };
      visit(w.root, null, 0, intersect(screen, w.bounds), '0');
      return {
        id: w.id,
        layer: w.layer,
        type: w.type,
        wm_type: w.wm_type,
        title: w.title,
        package_name: w.package_name,
        bounds: w.bounds,
        touchable_region: w.touchable_region,
        focused: w.focused,
        active: w.active,
        root,
      };
    });
  return {
    snapshot: {
      version: input.version,
      time_ms: input.timeMs,
      screen: { width: input.width, height: input.height, rotation: input.rotation, density: input.density },
      windows,
      nodes,
      focused_activity: input.focusedActivity,
    },
    specs,
  };
}
