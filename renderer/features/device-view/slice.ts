// Device view: the mirror's source and frame rate (the pointer's readout is pointer.ts, outside the store).
import type { SliceCreator } from '../../app/store';

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
  mirror: MirrorStatus;
  setMirror(mirror: MirrorStatus): void;
}

export const createDeviceViewSlice: SliceCreator<DeviceViewSlice> = (set) => ({
  mirror: { source: 'none', fps: 0, width: 0, height: 0, latencyP50: null },
  setMirror: (mirror) => set({ mirror }),
});
