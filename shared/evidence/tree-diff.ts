// The node tree before → after an action: which nodes were added, removed, moved, or changed their text, value
// or flags. Pure, so the debugger view, the HTML report and tests compute the same diff from the same trees.
// Matching (a node's `index` is only stable within one observation):
//   1. a resource id unique within its window on both sides matches by (window, resource id) alone, so a
//      control that was re-parented or scrolled still pairs with itself;
//   2. the rest pair within groups of the same (window, resource id or none, class path from the window's root);
//      inside a group the nearest bounds pair first (centre distance, then size), the tiebreak for rows of a
//      list that share every identifier.
import type { NodeFlags, ObservedNode, PixelRect } from '../observation';

export type ChangeKind = 'text' | 'value' | 'flag';

export interface FieldChange {
  /** `text`, `content_desc`, or `flags.<name>` (e.g. `flags.checked`). */
  field: string;
  before: string | boolean | null;
  after: string | boolean | null;
}

export interface MovedNode {
  before: number;
  after: number;
  from: PixelRect;
  to: PixelRect;
}

export interface ChangedNode {
  before: number;
  after: number;
  /** text: a label's text; value: an editable or range control's text, or a content description; flag: a state flag. */
  kinds: ChangeKind[];
  fields: FieldChange[];
}

export interface TreeDiff {
  /** Indices into the after tree. */
  added: number[];
  /** Indices into the before tree. */
  removed: number[];
  moved: MovedNode[];
  changed: ChangedNode[];
  /** Matched nodes with no difference at all. */
  unchanged: number;
}

const FLAG_NAMES: ReadonlyArray<keyof NodeFlags> = [
  'checked',
  'selected',
  'enabled',
  'focused',
  'clickable',
  'checkable',
  'focusable',
  'scrollable',
  'long_clickable',
  'password',
];
/** Controls whose text is the value the user sets (an edit field's content, a slider's reading). */
const VALUE_CLASS = /(EditText|SeekBar|ProgressBar|RatingBar|Slider|NumberPicker|Spinner)$/;
/** Past this many candidates a group pairs in document order (bounds pairing is quadratic). */
const PAIRING_LIMIT = 300;

function classPaths(nodes: readonly ObservedNode[]): string[] {
  const byIndex = new Map(nodes.map((n) => [n.index, n]));
  const memo = new Map<number, string>();
  const path = (node: ObservedNode): string => {
    const known = memo.get(node.index);
    if (known !== undefined) return known;
    const parent = node.parent === null ? undefined : byIndex.get(node.parent);
    const value = (parent && parent.index !== node.index ? path(parent) + '/' : '') + node.class_name;
    memo.set(node.index, value);
    return value;
  };
  return nodes.map(path);
}

function uniqueIds(nodes: readonly ObservedNode[]): Map<string, number> {
  const count = new Map<string, number>();
  const at = new Map<string, number>();
  nodes.forEach((n, i) => {
    if (n.resource_id === null) return;
    const key = `${n.window}\u0000${n.resource_id}`;
    count.set(key, (count.get(key) ?? 0) + 1);
    at.set(key, i);
  });
  for (const [key, c] of count) if (c > 1) at.delete(key);
  return at;
}

function distance(a: PixelRect, b: PixelRect): number {
  const centre = Math.hypot((a[0] + a[2] - b[0] - b[2]) / 2, (a[1] + a[3] - b[1] - b[3]) / 2);
  const size = Math.abs(a[2] - a[0] - (b[2] - b[0])) + Math.abs(a[3] - a[1] - (b[3] - b[1]));
  return centre * 1000 + size;
}

function pairGroup(
  before: readonly ObservedNode[],
  after: readonly ObservedNode[],
  b: number[],
  a: number[],
  out: Array<[number, number]>,
): void {
  if (b.length * a.length > PAIRING_LIMIT * PAIRING_LIMIT) {
    for (let i = 0; i < Math.min(b.length, a.length); i++) out.push([b[i]!, a[i]!]);
    return;
  }
  const pairs: Array<[number, number, number]> = [];
  for (const i of b) for (const j of a) pairs.push([distance(before[i]!.bounds_px, after[j]!.bounds_px), i, j]);
  pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  const usedB = new Set<number>();
  const usedA = new Set<number>();
  for (const [, i, j] of pairs) {
    if (usedB.has(i) || usedA.has(j)) continue;
    usedB.add(i);
    usedA.add(j);
    out.push([i, j]);
  }
}

/** Pairs of (before position, after position) in the node arrays. */
export function matchNodes(before: readonly ObservedNode[], after: readonly ObservedNode[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const usedB = new Set<number>();
  const usedA = new Set<number>();
  const idsAfter = uniqueIds(after);
  for (const [key, i] of uniqueIds(before)) {
    const j = idsAfter.get(key);
    if (j === undefined) continue;
    pairs.push([i, j]);
    usedB.add(i);
    usedA.add(j);
  }
  const pathsB = classPaths(before);
  const pathsA = classPaths(after);
  const groups = new Map<string, { b: number[]; a: number[] }>();
  const group = (n: ObservedNode, path: string) => {
    const key = `${n.window}\u0000${n.resource_id ?? ''}\u0000${path}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { b: [], a: [] }));
    return g;
  };
  before.forEach((n, i) => !usedB.has(i) && group(n, pathsB[i]!).b.push(i));
  after.forEach((n, j) => !usedA.has(j) && group(n, pathsA[j]!).a.push(j));
  for (const g of groups.values()) if (g.b.length > 0 && g.a.length > 0) pairGroup(before, after, g.b, g.a, pairs);
  return pairs.sort((x, y) => x[0] - y[0]);
}

function fieldChanges(b: ObservedNode, a: ObservedNode): { kinds: ChangeKind[]; fields: FieldChange[] } {
  const fields: FieldChange[] = [];
  const kinds = new Set<ChangeKind>();
  const valueLike = VALUE_CLASS.test(a.class_name);
  if (b.text !== a.text) {
    fields.push({ field: 'text', before: b.text, after: a.text });
    kinds.add(valueLike ? 'value' : 'text');
  }
  if (b.content_desc !== a.content_desc) {
    fields.push({ field: 'content_desc', before: b.content_desc, after: a.content_desc });
    kinds.add('value');
  }
  for (const flag of FLAG_NAMES) {
    if (b.flags[flag] === a.flags[flag]) continue;
    fields.push({ field: `flags.${flag}`, before: b.flags[flag], after: a.flags[flag] });
    kinds.add('flag');
  }
  return { kinds: (['text', 'value', 'flag'] as const).filter((k) => kinds.has(k)), fields };
}

const sameRect = (x: PixelRect, y: PixelRect) => x[0] === y[0] && x[1] === y[1] && x[2] === y[2] && x[3] === y[3];

export function diffTrees(before: readonly ObservedNode[], after: readonly ObservedNode[]): TreeDiff {
  const pairs = matchNodes(before, after);
  const matchedB = new Set(pairs.map((p) => p[0]));
  const matchedA = new Set(pairs.map((p) => p[1]));
  const diff: TreeDiff = {
    added: after.map((_, j) => j).filter((j) => !matchedA.has(j)),
    removed: before.map((_, i) => i).filter((i) => !matchedB.has(i)),
    moved: [],
    changed: [],
    unchanged: 0,
  };
  for (const [i, j] of pairs) {
    const b = before[i]!;
    const a = after[j]!;
    const moved = !sameRect(b.bounds_px, a.bounds_px);
    if (moved) diff.moved.push({ before: i, after: j, from: b.bounds_px, to: a.bounds_px });
    const change = fieldChanges(b, a);
    if (change.fields.length > 0) diff.changed.push({ before: i, after: j, ...change });
    if (!moved && change.fields.length === 0) diff.unchanged++;
  }
  return diff;
}

/** A short human name of a node: its resource id's entry name, else its text, else its class. */
export function nodeLabel(node: ObservedNode): string {
  if (node.resource_id !== null) return node.resource_id.slice(node.resource_id.indexOf('/') + 1);
  if (node.text !== '') return JSON.stringify(node.text.length > 40 ? node.text.slice(0, 39) + '…' : node.text);
  if (node.content_desc !== null) return JSON.stringify(node.content_desc.slice(0, 40));
  return node.class_name.slice(node.class_name.lastIndexOf('.') + 1);
}
