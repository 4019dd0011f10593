import { describe, expect, it } from 'vitest';
import type { ObservedNode } from '../observation';
import { diffTrees, matchNodes, nodeLabel } from './tree-diff';

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

function node(index: number, parent: number | null, over: Partial<ObservedNode> = {}): ObservedNode {
  return {
    index,
    parent,
    depth: parent === null ? 0 : 1,
    window: 0,
    class_name: 'android.widget.TextView',
    resource_id: null,
    text: '',
    content_desc: null,
    package_name: 'com.tactile.lab',
    bounds_px: [0, index * 100, 1080, index * 100 + 90],
    bounds: [0, 0, 1000, 40],
    flags: { ...FLAGS },
    native_selector: null,
    ...over,
  };
}

const root = node(0, null, { class_name: 'android.widget.FrameLayout', bounds_px: [0, 0, 1080, 2400] });

describe('diffTrees', () => {
  it('reports a checkbox toggle as a flag change of the same node, nothing added or removed', () => {
    const box = {
      class_name: 'android.widget.CheckBox',
      resource_id: 'com.tactile.lab:id/checkbox',
      text: 'Remember me',
    };
    const before = [root, node(1, 0, box)];
    const after = [root, node(1, 0, { ...box, flags: { ...FLAGS, checked: true } })];
    const diff = diffTrees(before, after);
    expect(diff).toEqual({
      added: [],
      removed: [],
      moved: [],
      unchanged: 1,
      changed: [
        { before: 1, after: 1, kinds: ['flag'], fields: [{ field: 'flags.checked', before: false, after: true }] },
      ],
    });
  });

  it('matches a unique resource id across re-parenting and a new index (moved, not removed + added)', () => {
    const before = [root, node(1, 0, { resource_id: 'lab:id/title', text: 'Hello' })];
    const after = [
      root,
      node(1, 0, { class_name: 'android.widget.LinearLayout' }),
      node(2, 1, { resource_id: 'lab:id/title', text: 'Hello', bounds_px: [0, 500, 1080, 590] }),
    ];
    const diff = diffTrees(before, after);
    expect(diff.added).toEqual([1]);
    expect(diff.removed).toEqual([]);
    expect(diff.moved).toEqual([{ before: 1, after: 2, from: [0, 100, 1080, 190], to: [0, 500, 1080, 590] }]);
  });

  it('pairs rows that share every identifier by nearest bounds (a list that scrolled by one row)', () => {
    const rows = (texts: string[], offset: number) =>
      texts.map((t, i) => node(i + 1, 0, { text: t, bounds_px: [0, offset + i * 100, 1080, offset + i * 100 + 90] }));
    const before = [root, ...rows(['a', 'b', 'c'], 0)];
    const after = [root, ...rows(['b', 'c', 'd'], 0)];
    // Same class path, no id: the rows pair by position (bounds), so each row's text changed.
    const diff = diffTrees(before, after);
    expect(diff.added).toEqual([]);
    expect(diff.changed.map((c) => [c.before, c.after, c.fields[0]?.after])).toEqual([
      [1, 1, 'b'],
      [2, 2, 'c'],
      [3, 3, 'd'],
    ]);
    // A row gone: the nearest two keep their partners, the farthest one is removed.
    const shorter = diffTrees(before, [root, ...rows(['a', 'b'], 0)]);
    expect(shorter.removed).toEqual([3]);
    expect(shorter.unchanged).toBe(3);
  });

  it('calls an edit field text change a value change and a label text change a text change', () => {
    const before = [
      root,
      node(1, 0, { class_name: 'android.widget.EditText', resource_id: 'lab:id/name', text: '' }),
      node(2, 0, { resource_id: 'lab:id/greeting', text: 'Hi' }),
    ];
    const after = [
      root,
      node(1, 0, { class_name: 'android.widget.EditText', resource_id: 'lab:id/name', text: 'Ada' }),
      node(2, 0, { resource_id: 'lab:id/greeting', text: 'Hi Ada' }),
    ];
    expect(diffTrees(before, after).changed.map((c) => c.kinds)).toEqual([['value'], ['text']]);
  });

  it('keeps windows apart: the same id in another window is a different node', () => {
    const before = [root, node(1, 0, { resource_id: 'lab:id/ok', window: 0 })];
    const after = [root, node(1, 0, { resource_id: 'lab:id/ok', window: 1 })];
    const diff = diffTrees(before, after);
    expect(diff.added).toEqual([1]);
    expect(diff.removed).toEqual([1]);
  });

  it('matches every node of an identical tree to itself', () => {
    const tree = [root, ...Array.from({ length: 50 }, (_, i) => node(i + 1, 0))];
    expect(matchNodes(tree, tree)).toEqual(tree.map((_, i) => [i, i]));
    expect(diffTrees(tree, tree)).toMatchObject({ added: [], removed: [], moved: [], changed: [], unchanged: 51 });
  });

  it('names nodes by id entry, then text, then class', () => {
    expect(nodeLabel(node(1, 0, { resource_id: 'com.tactile.lab:id/checkbox' }))).toBe('checkbox');
    expect(nodeLabel(node(1, 0, { text: 'Save' }))).toBe('"Save"');
    expect(nodeLabel(node(1, 0))).toBe('TextView');
  });
});
