// Device view: the pointer's live position in device and normalized space, and the
// mirror's source and frame rate.
import type { DevicePoint, NormPoint } from '../../../shared/geometry';
import type { SliceCreator } from '../../app/store';

export interface PointerReadout {
  device: DevicePoint;
  norm: NormPoint;
  onScreen: boolean;
}

export interface MirrorStatus {
  source: 'stream' | 'screenshots' | 'none';
  fps: number;
  /** Picture size in pixels as decoded. */
  width: number;
  height: number;
  /** Median ms from the device socket to the painted frame, when known. */
  latencyP50: number | null;
  /** Why the stream is not used (screenshots), when known. */
  reason?: string;
}

export interface DeviceViewSlice {
  pointer: PointerReadout | null;
  mirror: MirrorStatus;
  setPointer(pointer: PointerReadout | null): void;
  setMirror(mirror: MirrorStatus): void;
}

export const createDeviceViewSlice: SliceCreator<DeviceViewSlice> = (set) => ({
  pointer: null,
  mirror: { source: 'none', fps: 0, width: 0, height: 0, latencyP50: null },
  setPointer: (pointer) => set({ pointer }),
  setMirror: (mirror) => set({ mirror }),
});
