// The pointer's live position on the stage, in device pixels and normalized space. It changes on every pointer
// move, so it lives outside the app store (a move would otherwise notify every subscriber of the console) and its
// readout is published at most once per animation frame.
import { create } from 'zustand';
import type { DevicePoint, NormPoint } from '../../../shared/geometry';

export interface PointerReadout {
  device: DevicePoint;
  norm: NormPoint;
  onScreen: boolean;
}

/** The published readout (once per frame), for the title bar. */
export const usePointer = create<{ pointer: PointerReadout | null }>(() => ({ pointer: null }));

// Module-level: the newest position between two published frames (every move writes it; only the frame reads it).
let latest: PointerReadout | null = null;
let frame = 0;

export function setPointer(pointer: PointerReadout | null): void {
  latest = pointer;
  if (frame === 0)
    frame = requestAnimationFrame(() => {
      frame = 0;
      usePointer.setState({ pointer: latest });
    });
}

/** The pointer as of the last move (null off the stage), without waiting for the frame. */
export function currentPointer(): PointerReadout | null {
  return latest;
}
