// What changed between two snapshots of one device: nodes added and removed (by identity key), texts changed,
// states changed (checked, selected, focused, enabled, range value). Keys are
// `<window package>|<resource id or class>#<occurrence>` so a re-laid-out screen compares node for node.
import type { HelperNode } from '../helper-protocol';
import type { UiSnapshot } from './snapshot';

export interface ChangedNode {
  key: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
  property: string;
}

export interface SnapshotDelta {
  changed: boolean;
  added: string[];
  removed: string[];
  text_changes: ChangedNode[];
  state_changes: ChangedNode[];
}

const STATE_FLAGS = ['checked', 'selected', 'focused', 'enabled'] as const;
const LIMIT = 50;

export function nodeKeys(s: UiSnapshot, only?: ReadonlySet<number>): Map<string, HelperNode> {
  const seen = new Map<string, number>();
  const out = new Map<string, HelperNode>();
  s.nodes.forEach((n, i) => {
    if (only && !only.has(i)) return;
    const base = `${n.package_name ?? ''}|${n.resource_id ?? n.class_name ?? ''}`;
    const k = seen.get(base) ?? 0;
    seen.set(base, k + 1);
    out.set(`${base}#${k}`, n);
  });
  return out;
}

export function diffSnapshots(
  before: UiSnapshot,
  after: UiSnapshot,
  only?: { before?: ReadonlySet<number>; after?: ReadonlySet<number> },
): SnapshotDelta {
  const a = nodeKeys(before, only?.before);
  const b = nodeKeys(after, only?.after);
  const added = [...b.keys()].filter((k) => !a.has(k));
  const removed = [...a.keys()].filter((k) => !b.has(k));
  const text_changes: ChangedNode[] = [];
  const state_changes: ChangedNode[] = [];
  for (const [key, n] of b) {
    const o = a.get(key);
    if (!o) continue;
    if ((o.text ?? null) !== (n.text ?? null))
      text_changes.push({ key, property: 'text', before: o.text, after: n.text });
    if ((o.content_desc ?? null) !== (n.content_desc ?? null))
      text_changes.push({ key, property: 'content_desc', before: o.content_desc, after: n.content_desc });
    for (const f of STATE_FLAGS)
      if (o.flags[f] !== n.flags[f]) state_changes.push({ key, property: f, before: o.flags[f], after: n.flags[f] });
    if ((o.range?.current ?? null) !== (n.range?.current ?? null))
      state_changes.push({ key, property: 'value', before: o.range?.current ?? null, after: n.range?.current ?? null });
  }
  const changed =
    added.length + removed.length + text_changes.length + state_changes.length > 0 ||
    before.activity !== after.activity;
  return {
    changed,
    added: added.slice(0, LIMIT),
    removed: removed.slice(0, LIMIT),
    text_changes: text_changes.slice(0, LIMIT),
    state_changes: state_changes.slice(0, LIMIT),
  };
}
