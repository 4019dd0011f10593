// The plan the live stage shows on top of the mirror (an approval request's, for now), set by whoever owns it
// and cleared when it goes away. Its own small store: the stage reads it, nothing else in the console does.
import { create } from 'zustand';
import type { StagePlan } from '../../shared/gesture/stage-plan';

interface LivePlanState {
  plan: StagePlan | null;
  /** Who set it (an approval request id), so one owner's clear does not remove another's plan. */
  owner: string | null;
  show(owner: string, plan: StagePlan): void;
  clear(owner: string): void;
}

export const useLivePlan = create<LivePlanState>()((set, get) => ({
  plan: null,
  owner: null,
  show: (owner, plan) => set({ owner, plan }),
  clear: (owner) => {
    if (get().owner === owner) set({ owner: null, plan: null });
  },
}));
