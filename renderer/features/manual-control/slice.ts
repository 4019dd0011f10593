// Manual control: actions in flight, the last outcome shown in the status line, and the last call sent by
// hand (what "Add to document" appends).
import type { ToolEnvelope } from '../../../shared/actions';
import type { SliceCreator } from '../../app/store';

export interface ControlMessage {
  kind: 'info' | 'error';
  text: string;
}

export interface ControlSlice {
  inFlight: number;
  controlMessage: ControlMessage | null;
  lastManualCall: ToolEnvelope | null;
  setLastManualCall(call: ToolEnvelope): void;
  setInFlight(delta: number): void;
  setControlMessage(message: ControlMessage | null): void;
}

export const createControlSlice: SliceCreator<ControlSlice> = (set, get) => ({
  inFlight: 0,
  controlMessage: null,
  lastManualCall: null,
  setLastManualCall: (lastManualCall) => set({ lastManualCall }),
  setInFlight: (delta) => set({ inFlight: get().inFlight + delta }),
  setControlMessage: (controlMessage) => set({ controlMessage }),
});
