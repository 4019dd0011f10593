import { describe, expect, it } from 'vitest';
import type { ObservedNode, ObservedTree } from '../../../shared/observation';
import { stagePlanOf } from '../../../shared/gesture/stage-plan';
import { withTreeTarget } from '../../../shared/receipts/foreign';
import { diffRows } from './tree-diff-rows';

const flags = {
  clickable: true,
  checkable: true,
  checked: false,
  enabled: true,
  focused: false,
  focusable: true,
  scrollable: false,
  long_clickable: false,
  selected: false,
  password: false,
};
const node = (
  index: number,
  id: string,
  bounds: [number, number, number, number],
  window = 0,
  extra: Partial<ObservedNode> = {},
): ObservedNode => ({
  index,
  parent: index === 0 ? null : 0,
  depth: index === 0 ? 0 : 1,
  window,
  class_name: 'android.widget.CheckBox',
  resource_id: `lab:id/${id}`,
  text: '',
  content_desc: null,
  package_name: 'lab',
  bounds_px: bounds,
  bounds: [0, 0, 0, 0],
  flags,
  native_selector: null,
  ...extra,
});
const tree = (nodes: ObservedNode[], windows?: ObservedTree['windows']): ObservedTree => ({
  screen: { width: 1080, height: 2400 },
  rotation: 0,
  nodes,
  ...(windows && { windows }),
});

describe('tree diff rows', () => {
  it('lists a checkbox toggle first, with the box to highlight on both pictures', () => {
    const before = tree([
      node(0, 'root', [0, 0, 1080, 2400]),
      node(1, 'checkbox', [30, 1200, 540, 1290]),
      node(2, 'gone', [0, 2000, 100, 2100]),
    ]);
    const after = tree([
      node(0, 'root', [0, 0, 1080, 2400]),
      node(1, 'checkbox', [30, 1200, 540, 1290], 0, { flags: { ...flags, checked: true } }),
      node(2, 'new', [0, 2200, 100, 2300]),
    ]);
    const rows = diffRows(before, after);
    expect(rows[0]).toEqual({
      id: 0,
      kind: 'changed',
      node: 'checkbox',
      detail: 'checked false → true',
      before: [30, 1200, 540, 1290],
      after: [30, 1200, 540, 1290],
    });
    expect(rows.map((r) => r.kind)).toEqual(['changed', 'added', 'removed']);
  });

  it('finds the target under the first press and the windows above it', () => {
    const plan = stagePlanOf('s', {
      tool: 'click',
      pointers: [
        {
          id: 0,
          keyframes: [
            { t_ms: 0, x: 100, y: 1250 },
            { t_ms: 50, x: 100, y: 1250 },
          ],
        },
      ],
    });
    const windows = [
      {
        window: 1,
        id: 7,
        layer: 3,
        title: 'overlay',
        type: 'TYPE_APPLICATION_OVERLAY',
        bounds_px: [0, 1100, 1080, 1300] as [number, number, number, number],
        active: false,
        focused: false,
        package_name: 'com.overlay',
      },
      {
        window: 0,
        id: 1,
        layer: 1,
        title: 'main',
        type: 'TYPE_APPLICATION',
        bounds_px: [0, 0, 1080, 2400] as [number, number, number, number],
        active: true,
        focused: true,
        package_name: 'lab',
      },
    ];
    const t = tree([node(0, 'root', [0, 0, 1080, 2400]), node(1, 'checkbox', [30, 1200, 540, 1290])], windows);
    const out = withTreeTarget(plan, t);
    expect(out.target).toEqual([30, 1200, 540, 1290]);
    expect(out.covering).toEqual([{ box: [0, 1100, 1080, 1300], name: 'TYPE_APPLICATION_OVERLAY com.overlay' }]);
  });
});
