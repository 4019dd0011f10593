// The step's tree diff (shared/evidence's diffTrees, the same the HTML report shows) as listed rows with the
// boxes to highlight, and the windows of the before tree that lay above the step's target.
import { diffTrees, nodeLabel, type FieldChange } from '../../../shared/evidence';
import type { ObservedTree } from '../../../shared/observation';
import type { PxBox, StagePlan } from '../../stage/stage-plan';
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
    push({ kind: 'changed', node: nodeLabel(a), detail: c.fields.map(field).join(', '), before: b.bounds_px, after: a.bounds_px });
  }
  for (const i of d.added) push({ kind: 'added', node: nodeLabel(after.nodes[i]!), detail: after.nodes[i]!.class_name, before: null, after: after.nodes[i]!.bounds_px });
  for (const i of d.removed) push({ kind: 'removed', node: nodeLabel(before.nodes[i]!), detail: before.nodes[i]!.class_name, before: before.nodes[i]!.bounds_px, after: null });
  for (const m of d.moved) {
    push({ kind: 'moved', node: nodeLabel(after.nodes[m.after]!), detail: `[${m.from.join(',')}] → [${m.to.join(',')}]`, before: m.from, after: m.to });
  }
  return rows;
}

const overlaps = (a: PxBox, b: PxBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
const inside = (x: number, y: number, r: PxBox) => x >= r[0] && x < r[2] && y >= r[1] && y < r[3];

/**
 * The step's target on the before tree — the plan's target box, else the topmost node under the first press —
 * and the windows drawn above that node's window that overlap it.
 */
export function withTreeTarget(plan: StagePlan, tree: ObservedTree | null): StagePlan {
  if (!tree) return plan;
  const press = plan.pointers[0]?.keyframes[0];
  const under = press ? tree.nodes.filter((n) => inside(press.x, press.y, n.bounds_px)) : [];
  // Topmost: highest window, then deepest node.
  const node = under.sort((a, b) => b.window - a.window || b.depth - a.depth)[0];
  const target = plan.target ?? node?.bounds_px ?? null;
  if (!target) return plan;
  const ownWindow = node?.window ?? tree.nodes.find((n) => n.bounds_px.join() === target.join())?.window ?? 0;
  const covering = (tree.windows ?? [])
    .filter((w) => w.window > ownWindow && overlaps(w.bounds_px, target))
    .map((w) => ({ box: w.bounds_px, name: `${w.type}${w.package_name ? ` ${w.package_name}` : ''}` }));
  return { ...plan, target, covering: plan.covering.length > 0 ? plan.covering : covering };
}
