import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stagePx } from '../../../shared/geometry';
import type { ObservedNode, ObservedWindow } from '../../../shared/observation';
import { DEFAULT_FILTERS, OverlayIndex, occlusion, visibleNodes, windowLayers } from './overlay-model';

const FLAGS = {
  clickable: false,
  checkable: false,
  checked: false,
  enabled: true,
  focused: false,
  focusable: false,
  scrollable: false,
  long_clickable: false,
  selected: false,
  password: false,
};

function node(
  index: number,
  parent: number | null,
  window: number,
  bounds_px: [number, number, number, number],
  extra: Partial<ObservedNode> = {},
): ObservedNode {
  return {
    index,
    parent,
    depth: parent === null ? 0 : 1,
    window,
    class_name: 'android.view.View',
    resource_id: null,
    text: '',
    content_desc: null,
    package_name: 'p',
    bounds_px,
    bounds: [0, 0, 0, 0],
    flags: FLAGS,
    native_selector: null,
    ...extra,
  };
}

const screen = { width: 1000, height: 2000 };
const view = { picture: { left: stagePx(0), top: stagePx(0), right: stagePx(500), bottom: stagePx(1000) }, screen };

const nodes = [
  node(0, null, 0, [0, 0, 1000, 2000]),
  node(1, 0, 0, [100, 100, 500, 300], { flags: { ...FLAGS, clickable: true } }),
  node(2, 1, 0, [120, 120, 200, 200], { text: 'Play' }),
  node(3, null, 1, [0, 1500, 1000, 2000]),
  node(4, 0, 0, [100, 1600, 400, 1700], { content_desc: 'hidden below' }),
];

describe('overlay model', () => {
  it('lists windows top first with their root bounds', () => {
    expect(windowLayers(nodes)).toEqual([
      { window: 1, nodeCount: 1, bounds: [0, 1500, 1000, 2000] },
      { window: 0, nodeCount: 4, bounds: [0, 0, 1000, 2000] },
    ]);
  });

  it('marks nodes overlapped by a higher window as occluded', () => {
    expect([...occlusion(nodes, windowLayers(nodes))]).toEqual([1, 0, 0, 0, 1]);
  });

  it('judges by the exact touchable regions when the windows carry them: inside the box but outside the region is not occluded', () => {
    // A floating window over the lower half whose bounds are the whole half, but which only takes touches in a
    // 200 × 200 bubble at its left (an API ≥ 30 helper's region), over an application window.
    const win = (
      window: number,
      bounds_px: [number, number, number, number],
      touchable_region: ObservedWindow['touchable_region'],
    ): ObservedWindow => ({
      window,
      id: 10 + window,
      layer: window,
      title: '',
      type: 'TYPE_APPLICATION',
      bounds_px,
      active: false,
      focused: false,
      package_name: 'p',
      touchable_region,
    });
    const tree = [
      node(0, null, 0, [0, 0, 1000, 2000]),
      node(1, 0, 0, [600, 1600, 900, 1700]), // inside the floating window's box, outside its region
      node(2, 0, 0, [50, 1550, 150, 1650]), // inside the region
      node(3, 0, 0, [150, 1600, 300, 1650]), // half in the region: partly covered counts as occluded
      node(4, null, 1, [0, 1500, 1000, 2000]),
    ];
    const windows = [
      win(1, [0, 1500, 1000, 2000], [[0, 1500, 200, 1700]]),
      win(0, [0, 0, 1000, 2000], [[0, 0, 1000, 2000]]),
    ];
    expect([...occlusion(tree, windowLayers(tree), windows)]).toEqual([1, 0, 1, 1, 0]);
    expect(
      visibleNodes(tree, occlusion(tree, windowLayers(tree), windows), { ...DEFAULT_FILTERS, showOccluded: false }),
    ).toEqual([1, 4]);
    // Without regions (a uiautomator dump) the bounds stand in, as the executor does below API 30.
    const approx = windows.map((w) => ({ ...w, touchable_region: null }));
    expect([...occlusion(tree, windowLayers(tree), approx)]).toEqual([1, 1, 1, 1, 0]);
    // A window that takes no touches at all (an empty region) covers nothing.
    expect([...occlusion(tree, windowLayers(tree), [win(1, [0, 1500, 1000, 2000], []), windows[1]!])]).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  it('filters clickable, text-only, occluded and hidden windows, drawing lower windows first', () => {
    const occ = occlusion(nodes, windowLayers(nodes));
    expect(visibleNodes(nodes, occ, DEFAULT_FILTERS)).toEqual([0, 1, 2, 4, 3]);
    expect(visibleNodes(nodes, occ, { ...DEFAULT_FILTERS, clickableOnly: true })).toEqual([1]);
    expect(visibleNodes(nodes, occ, { ...DEFAULT_FILTERS, textOnly: true })).toEqual([2, 4]);
    expect(visibleNodes(nodes, occ, { ...DEFAULT_FILTERS, showOccluded: false })).toEqual([1, 2, 3]);
    expect(visibleNodes(nodes, occ, { ...DEFAULT_FILTERS, hiddenWindows: [1] })).toEqual([0, 1, 2, 4]);
  });

  it('hit-tests the smallest box of the highest window, in stage pixels', () => {
    const index = new OverlayIndex(
      nodes,
      visibleNodes(nodes, occlusion(nodes, windowLayers(nodes)), DEFAULT_FILTERS),
      view,
    );
    expect(index.hitTest(70, 70)).toBe(2); // device (140, 140): inside 0, 1 and 2 → the smallest
    expect(index.hitTest(60, 130)).toBe(1);
    expect(index.hitTest(100, 820)).toBe(3); // device (200, 1640): node 4 is there, but window 1 is above it
    expect(index.hitTest(500, 10)).toBe(-1); // right edge is exclusive
    expect(index.slotOf(4)).toBe(3);
  });

  it('property: the hit node always contains the point', () => {
    const index = new OverlayIndex(nodes, [0, 1, 2, 3, 4], view);
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 510, noNaN: true }),
        fc.double({ min: -10, max: 1010, noNaN: true }),
        (x, y) => {
          const hit = index.hitTest(x, y);
          if (hit < 0) return x < 0 || y < 0 || x >= 500 || y >= 1000;
          const [l, t, r, b] = nodes[hit]!.bounds_px;
          return x * 2 >= l && x * 2 < r && y * 2 >= t && y * 2 < b;
        },
      ),
    );
  });
});
