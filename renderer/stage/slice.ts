// The stage: its camera (null = fit the picture to the viewport, following resizes) and the freeze toggle,
// which holds the current frame and node tree so short-lived elements can be inspected.
import type { Camera } from '../../shared/geometry';
import type { SliceCreator } from '../app/store';

export interface StageSlice {
  camera: Camera | null;
  frozen: boolean;
  setCamera(camera: Camera | null): void;
  setFrozen(frozen: boolean): void;
}

export const createStageSlice: SliceCreator<StageSlice> = (set) => ({
  camera: null,
  frozen: false,
  setCamera: (camera) => set({ camera }),
  setFrozen: (frozen) => set({ frozen }),
});
