// The step's tree diff (shared/evidence's diffTrees, the same the HTML report shows) as listed rows with the
// boxes to highlight.
import { diffTrees, nodeLabel, type FieldChange } from '../../../shared/evidence';
import type { ObservedTree } from '../../../shared/observation';
import type { DiffRow } from './diff-rows';

const value = (v: FieldChange['before']) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
const field = (c: FieldChange) => `${c.field.replace(/^flags\./, '')} ${value(c.before)} → ${value(c.after)}`;

export function diffRows(before: ObservedTree, after: ObservedTree): DiffRow[] {
  const d = diffTrees(before.nodes, after.nodes);
  const rows: DiffRow[] = [];
  const push = (row: Omit<DiffRow, 'id'>) => rows.push({ id: rows.length, ...row });
  // Changes first: a toggled checkbox or an edited field is what an operator looks for.
  for (const c of d.changed) {
    const b = before.nodes[c.before]!;
    const a = after.nodes[c.after]!;
    push({
      kind: 'changed',
      node: nodeLabel(a),
      detail: c.fields.map(field).join(', '),
      before: b.bounds_px,
      after: a.bounds_px,
    });
  }
  for (const i of d.added)
    push({
      kind: 'added',
      node: nodeLabel(after.nodes[i]!),
      detail: after.nodes[i]!.class_name,
      before: null,
      after: after.nodes[i]!.bounds_px,
    });
  for (const i of d.removed)
    push({
      kind: 'removed',
      node: nodeLabel(before.nodes[i]!),
      detail: before.nodes[i]!.class_name,
      before: before.nodes[i]!.bounds_px,
      after: null,
    });
  for (const m of d.moved) {
    push({
      kind: 'moved',
      node: nodeLabel(after.nodes[m.after]!),
      detail: `[${m.from.join(',')}] → [${m.to.join(',')}]`,
      before: m.from,
      after: m.to,
    });
  }
  return rows;
}
