// The current step's diff rows and plan (with its target found on the before tree), prepared by the tree worker
// once the step's trees are there. Until then: no rows and the receipt's own plan, so the picture never waits.
import { useEffect, useMemo, useState } from 'react';
import type { StagePlan } from '../../../shared/gesture/stage-plan';
import { stepPlan, type TimelineStep } from '../../../shared/receipts/foreign';
import { prepareStepOffThread } from './tree-off-thread';
import type { PreparedStep } from './tree-protocol';

export interface StepTrees {
  /** The tree diff; null while it is prepared or when the step has no pair of trees (`diffReady` tells which). */
  rows: PreparedStep['rows'];
  diffReady: boolean;
  plan: StagePlan | null;
}

export function usePreparedStep(step: TimelineStep | null, n: number, treesReady: boolean): StepTrees {
  const own = useMemo(() => (step ? stepPlan(step, n) : null), [step, n]);
  const [prepared, setPrepared] = useState<{ key: string; value: PreparedStep } | null>(null);
  const key = step ? `${step.key}#${n}` : '';
  useEffect(() => {
    if (!step || !treesReady) return;
    let live = true;
    const refs = step.evidence;
    void prepareStepOffThread(refs?.tree_before ?? null, refs?.tree_after ?? null, own).then((value) => {
      if (live) setPrepared({ key, value });
    });
    return () => {
      live = false;
    };
  }, [step, key, treesReady, own]);
  const mine = prepared?.key === key ? prepared.value : null;
  return { rows: mine?.rows ?? null, diffReady: mine !== null, plan: mine?.plan ?? own };
}
