// Manual control: actions in flight and the last outcome shown in the status line.
import type { SliceCreator } from '../../app/store';

export interface ControlMessage {
  kind: 'info' | 'error';
  text: string;
}

export interface ControlSlice {
  inFlight: number;
  controlMessage: ControlMessage | null;
  setInFlight(delta: number): void;
  setControlMessage(message: ControlMessage | null): void;
}

export const createControlSlice: SliceCreator<ControlSlice> = (set, get) => ({
  inFlight: 0,
  controlMessage: null,
  setInFlight: (delta) => set({ inFlight: get().inFlight + delta }),
  setControlMessage: (controlMessage) => set({ controlMessage }),
});
