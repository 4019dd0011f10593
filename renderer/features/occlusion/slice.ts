// Occlusion preview: for the selected node, what `device.occlusion` answered (the windows above it and its
// visible, touchable region), keyed by the device and the node's native selector so a late answer for another
// node is never shown.
import type { Occlusion } from '../../../shared/occlusion';
import type { SliceCreator } from '../../app/store';

export type OcclusionState =
  | { key: string; phase: 'loading' }
  | { key: string; phase: 'done'; occlusion: Occlusion }
  | { key: string; phase: 'failed'; code: string; message: string };

export interface OcclusionSlice {
  occlusion: OcclusionState | null;
  setOcclusion(o: OcclusionState | null): void;
}

export const createOcclusionSlice: SliceCreator<OcclusionSlice> = (set) => ({
  occlusion: null,
  setOcclusion: (occlusion) => set({ occlusion }),
});
