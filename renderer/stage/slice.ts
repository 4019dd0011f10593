// The stage: its camera (null = fit the picture to the viewport, following resizes), the freeze toggle, which
// holds the current frame and node tree so short-lived elements can be inspected, and where the fitted picture
// sits on the stage (what floats beside it — the tool dock without the right column — keeps clear of it).
import type { Camera } from '../../shared/geometry';
import type { SliceCreator } from '../app/store';

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
}

export const createStageSlice: SliceCreator<StageSlice> = (set, get) => ({
  camera: null,
  frozen: false,
  fitted: null,
  setCamera: (camera) => set({ camera }),
  setFrozen: (frozen) => set({ frozen }),
  setFitted: (fitted) => {
    const now = get().fitted;
    if (now && fitted && now.width === fitted.width && now.height === fitted.height && now.picture.left === fitted.picture.left && now.picture.right === fitted.picture.right) return;
    set({ fitted });
  },
});
