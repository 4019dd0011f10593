// A step's diff rows and plan target from its kept trees: the work the tree worker does (and the page itself
// should the worker not start). Pure apart from waiting for the trees.
import type { StagePlan } from '../../../shared/gesture/stage-plan';
import type { ObservedTree } from '../../../shared/observation';
import { withTreeTarget } from '../../../shared/receipts/foreign/step-plan';
import type { PreparedStep } from './tree-protocol';
import { diffRows } from './tree-diff-rows';

export interface TreeStore {
  get(sha: string): Promise<ObservedTree | null>;
}

export async function prepareStep(
  store: TreeStore,
  before: string | null,
  after: string | null,
  plan: StagePlan | null,
): Promise<PreparedStep> {
  const [b, a] = await Promise.all([before ? store.get(before) : null, after ? store.get(after) : null]);
  return { rows: b && a ? diffRows(b, a) : null, plan: plan ? withTreeTarget(plan, b) : null };
}
