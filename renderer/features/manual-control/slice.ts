// Manual control: actions in flight, the last outcome shown in the status line, the last call sent by hand
// (what "Add to document" appends), and the notice the stage shows about the finger (a device held by another
// client, a finger lifted at the screen's edge) until the next press.
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
  stageNotice: ControlMessage | null;
  setStageNotice(notice: ControlMessage | null): void;
  setLastManualCall(call: ToolEnvelope): void;
  setInFlight(delta: number): void;
  setControlMessage(message: ControlMessage | null): void;
}

export const createControlSlice: SliceCreator<ControlSlice> = (set, get) => ({
  inFlight: 0,
  controlMessage: null,
  lastManualCall: null,
  stageNotice: null,
  setStageNotice: (stageNotice) => set({ stageNotice }),
  setLastManualCall: (lastManualCall) => set({ lastManualCall }),
  setInFlight: (delta) => set({ inFlight: get().inFlight + delta }),
  setControlMessage: (controlMessage) => set({ controlMessage }),
});
