// What a report shows, gathered from the journal index and the evidence store: each selected receipt as a step —
// the same facts the debugger shows (shared/receipts/foreign's stepFacts: outcome, why, expected vs actual,
// arguments, …), what a read saw and each poll of a check, the plan drawn on the before screen (stepPlan, as the
// debugger draws it), before/after screen ids and the tree diff already computed with shared/evidence — plus
// every distinct screen once. Trees themselves stay out of the report: only the diff's nodes, so it stays small.
import type { EvidenceRefs, ReportSelection } from '../../../shared/evidence';
import { diffTrees, nodeLabel, type TreeDiff } from '../../../shared/evidence';
import type { ObservedNode, ObservedTree, PixelRect } from '../../../shared/observation';
import type { Receipt } from '../../../shared/receipts';
import {
  readSectionFacts,
  stepFacts,
  stepFromReceipt,
  stepPlan,
  withTreeTarget,
} from '../../../shared/receipts/foreign';
import type { Fact } from '../../../shared/receipts/words';
import { planWords } from '../../../shared/gesture/stage-plan';
import type { EvidenceStore } from '../evidence-store';
import type { IndexEntry, JournalIndex } from '../journal-index';

export interface ReportNode {
  label: string;
  class_name: string;
  box: PixelRect;
}

export interface ReportDiff {
  added: ReportNode[];
  removed: ReportNode[];
  moved: Array<ReportNode & { from: PixelRect }>;
  changed: Array<ReportNode & { fields: Array<{ field: string; before: unknown; after: unknown }> }>;
  unchanged: number;
}

/** The step's plan as the report draws it on the before screen: each pointer's path, the target and what covers it. */
export interface ReportPlan {
  paths: Array<Array<[number, number]>>;
  target: PixelRect | null;
  covering: PixelRect[];
  /** The plan in one line (the debugger's legend). */
  words: string;
}

export interface ReportStep {
  /** 1-based, as the timeline numbers it. */
  n: number;
  /** input: screens before and after its input; read: what the read saw (its screen is `after`). */
  kind: 'input' | 'read';
  receipt: Receipt;
  /** The step in words, exactly the debugger's facts. */
  facts: Fact[];
  /** What a read or check saw: the reading, the condition, expected vs actual and each poll. Empty for other steps. */
  read: Fact[];
  plan: ReportPlan | null;
  before: string | null;
  after: string | null;
  /** The device screen the trees were taken on (for scaling boxes onto the pictures). */
  screen: { width: number; height: number } | null;
  settled: boolean | null;
  diff: ReportDiff | null;
}

export interface ReportImage {
  media_type: string;
  width: number;
  height: number;
  base64: string;
}

export interface ReportData {
  title: string;
  generated_at: string;
  steps: ReportStep[];
  images: Record<string, ReportImage>;
}

export function selectEntries(index: JournalIndex, selection: ReportSelection): IndexEntry[] {
  const all = index.entries();
  if ('run_id' in selection) return all.filter((e) => e.run_id === selection.run_id);
  if ('last' in selection) return all.slice(-selection.last);
  const since = Date.parse(selection.since);
  return all.filter((e) => Date.parse(e.started_at) >= since);
}

export function titleOf(selection: ReportSelection): string {
  if ('run_id' in selection) return `Run ${selection.run_id}`;
  if ('last' in selection) return `Last ${selection.last} receipts`;
  return `Receipts since ${selection.since}`;
}

const reportNode = (n: ObservedNode): ReportNode => ({
  label: nodeLabel(n),
  class_name: n.class_name,
  box: n.bounds_px,
});

function reportDiff(before: ObservedTree, after: ObservedTree, diff: TreeDiff): ReportDiff {
  return {
    added: diff.added.map((j) => reportNode(after.nodes[j]!)),
    removed: diff.removed.map((i) => reportNode(before.nodes[i]!)),
    moved: diff.moved.map((m) => ({ ...reportNode(after.nodes[m.after]!), from: m.from })),
    changed: diff.changed.map((c) => ({ ...reportNode(after.nodes[c.after]!), fields: c.fields })),
    unchanged: diff.unchanged,
  };
}

function tree(store: EvidenceStore, hash: string | null): ObservedTree | null {
  if (hash === null) return null;
  const blob = store.get(hash);
  return blob?.kind === 'tree' ? blob.tree : null;
}

export function reportData(
  index: JournalIndex,
  store: EvidenceStore,
  selection: ReportSelection,
  now: Date,
): ReportData {
  const entries = selectEntries(index, selection);
  const manifests = new Map<string | null, Map<string, EvidenceRefs>>();
  const images: Record<string, ReportImage> = {};
  const image = (hash: string | null): string | null => {
    if (hash === null) return null;
    if (images[hash]) return hash;
    const blob = store.get(hash);
    if (blob?.kind !== 'screen') return null; // pruned by retention: the step shows without it
    images[hash] = {
      media_type: blob.media_type,
      width: blob.width,
      height: blob.height,
      base64: Buffer.from(blob.data).toString('base64'),
    };
    return hash;
  };
  const steps = entries.map((entry, i): ReportStep => {
    const receipt = index.read(entry);
    let refs = manifests.get(entry.run_id);
    if (!refs) manifests.set(entry.run_id, (refs = store.refs(entry.run_id)));
    const evidence = refs.get(entry.operation_id) ?? null;
    const treeBefore = tree(store, evidence?.tree_before ?? null);
    const treeAfter = tree(store, evidence?.tree_after ?? null);
    const step = stepFromReceipt(receipt, 'journal', receipt, null, evidence);
    const planned = stepPlan(step, i + 1);
    const plan = planned ? withTreeTarget(planned, treeBefore) : null;
    return {
      n: i + 1,
      kind: evidence?.kind ?? (receipt.dispatch || receipt.plan ? 'input' : 'read'),
      receipt,
      facts: stepFacts(step),
      read: readSectionFacts(receipt),
      plan:
        plan && (plan.pointers.length > 0 || plan.target)
          ? {
              paths: plan.pointers.map((p) => p.keyframes.map((k): [number, number] => [k.x, k.y])),
              target: plan.target ? ([...plan.target] as PixelRect) : null,
              covering: plan.covering.map((c) => [...c.box] as PixelRect),
              words: planWords(plan),
            }
          : null,
      before: image(evidence?.screen_before?.sha256 ?? null),
      after: image(evidence?.screen_after?.sha256 ?? null),
      screen:
        (treeAfter ?? treeBefore)?.screen ??
        (receipt.observation_before as { display?: { width: number; height: number } } | undefined)?.display ??
        null,
      settled: evidence?.settled ?? null,
      diff:
        treeBefore && treeAfter
          ? reportDiff(treeBefore, treeAfter, diffTrees(treeBefore.nodes, treeAfter.nodes))
          : null,
    };
  });
  return { title: titleOf(selection), generated_at: now.toISOString(), steps, images };
}
