// The stage: its camera (null = fit the picture to the viewport, following resizes), the freeze toggle, which
// holds the current frame and node tree so short-lived elements can be inspected, where the fitted picture
// sits on the stage (what floats beside it — the tool dock without the right column — keeps clear of it), and
// the plan the live stage shows over the mirror (an approval request's), with who set it.
import type { Camera } from '../../shared/geometry';
import type { SliceCreator } from '../app/store';
import type { StagePlan } from '../../shared/gesture/stage-plan';

/** A box in stage (CSS) pixels. */
export interface StageBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface StageSlice {
  camera: Camera | null;
  frozen: boolean;
  /** The fitted picture's box and the stage's size, null without a stage. */
  fitted: { picture: StageBox; width: number; height: number } | null;
  setCamera(camera: Camera | null): void;
  setFrozen(frozen: boolean): void;
  setFitted(fitted: StageSlice['fitted']): void;
  livePlan: StagePlan | null;
  /** Who set the live plan (an approval request id), so one owner's clear does not remove another's plan. */
  livePlanOwner: string | null;
  showPlan(owner: string, plan: StagePlan): void;
  clearPlan(owner: string): void;
}

export const createStageSlice: SliceCreator<StageSlice> = (set, get) => ({
  camera: null,
  frozen: false,
  fitted: null,
  setCamera: (camera) => set({ camera }),
  setFrozen: (frozen) => set({ frozen }),
  setFitted: (fitted) => {
    const now = get().fitted;
    if (
      now &&
      fitted &&
      now.width === fitted.width &&
      now.height === fitted.height &&
      now.picture.left === fitted.picture.left &&
      now.picture.right === fitted.picture.right
    )
      return;
    set({ fitted });
  },
  livePlan: null,
  livePlanOwner: null,
  showPlan: (livePlanOwner, livePlan) => set({ livePlanOwner, livePlan }),
  clearPlan: (owner) => {
    if (get().livePlanOwner === owner) set({ livePlanOwner: null, livePlan: null });
  },
});
