// The current step's diff rows and plan (with its target found on the before tree), prepared by the tree worker
// once the step's trees are there, and kept: scrubbing back over a step (or onto one prepared ahead) renders its
// diff in the same render as its picture, with no second render when the worker answers. Until then: no rows and
// the receipt's own plan, so the picture never waits.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
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

/** Prepared steps kept (a few hundred bytes each): a whole long run. */
const KEEP = 2000;
// Module-level: a bounded cache of prepared steps and who waits for one (views subscribe per step, not to a store).
const prepared = new Map<string, PreparedStep>();
const asked = new Set<string>();
const listeners = new Set<(key: string) => void>();

// The trees are part of the key: a step's evidence lands after its receipt (`evidence: pending`), so a step
// prepared while it had no trees is prepared again, with its diff, once they are there.
const keyOf = (step: TimelineStep, n: number) =>
  `${step.key}#${n}#${step.evidence?.tree_before ?? '-'}#${step.evidence?.tree_after ?? '-'}`;

/** Asks the worker for a step whose trees are all there (or missing); its answer is kept and announced. */
export function prepare(step: TimelineStep, n: number): void {
  const key = keyOf(step, n);
  if (prepared.has(key) || asked.has(key)) return;
  asked.add(key);
  const refs = step.evidence;
  void prepareStepOffThread(refs?.tree_before ?? null, refs?.tree_after ?? null, stepPlan(step, n)).then((value) => {
    asked.delete(key);
    prepared.set(key, value);
    while (prepared.size > KEEP) prepared.delete(prepared.keys().next().value!);
    listeners.forEach((l) => l(key));
  });
}

export function usePreparedStep(step: TimelineStep | null, n: number, treesReady: boolean): StepTrees {
  const own = useMemo(() => (step ? stepPlan(step, n) : null), [step, n]);
  const key = step ? keyOf(step, n) : '';
  const subscribe = useMemo(
    () => (changed: () => void) => {
      const l = (k: string) => {
        if (k === key) changed();
      };
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    [key],
  );
  const mine = useSyncExternalStore(subscribe, () => prepared.get(key) ?? null);
  useEffect(() => {
    if (step && treesReady) prepare(step, n);
  }, [step, n, treesReady]);
  return { rows: mine?.rows ?? null, diffReady: mine !== null, plan: mine?.plan ?? own };
}
