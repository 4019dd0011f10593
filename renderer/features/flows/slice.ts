// Flows in the console: which library flow the document is (id, name, what it was recorded on, the text last
// saved, to tell unsaved edits), the library listing, the replay in view (its step × device matrix, and which
// document step each of its steps is), and the device group (several devices selected; group control sends
// manual actions to all of them).
import type { RecordedOn } from '../../../shared/flows';
import type { FlowEntry, ReplayView } from '../../../shared/ipc';
import type { SliceCreator } from '../../app/store';

export interface FlowMeta {
  id: string | null;
  name: string;
  description: string;
  recorded_on: RecordedOn | null;
  /** The steps' JSON when last saved or opened (null: never saved). */
  saved: string | null;
}

export const NEW_FLOW: FlowMeta = { id: null, name: 'Untitled flow', description: '', recorded_on: null, saved: null };

export interface FlowsSlice {
  flowMeta: FlowMeta;
  library: FlowEntry[];
  libraryDir: string | null;
  flowsMessage: { kind: 'info' | 'error'; text: string } | null;
  replay: ReplayView | null;
  /** Document step ids of the replay's steps (index = the replay's step index). */
  replayStepIds: string[];
  group: string[];
  groupControl: boolean;
  setFlowMeta(meta: Partial<FlowMeta>): void;
  setLibrary(dir: string, flows: FlowEntry[]): void;
  setFlowsMessage(message: FlowsSlice['flowsMessage']): void;
  setReplay(replay: ReplayView | null, stepIds?: string[]): void;
  toggleGroup(serial: string): void;
  setGroupControl(on: boolean): void;
}

export const createFlowsSlice: SliceCreator<FlowsSlice> = (set, get) => ({
  flowMeta: NEW_FLOW,
  library: [],
  libraryDir: null,
  flowsMessage: null,
  replay: null,
  replayStepIds: [],
  group: [],
  groupControl: false,
  setFlowMeta: (meta) => set({ flowMeta: { ...get().flowMeta, ...meta } }),
  setLibrary: (libraryDir, library) => set({ libraryDir, library }),
  setFlowsMessage: (flowsMessage) => set({ flowsMessage }),
  setReplay: (replay, stepIds) => {
    // Events of another replay (an older one finishing) do not replace the one in view.
    const current = get().replay;
    if (replay && current && stepIds === undefined && replay.replay_id !== current.replay_id) return;
    set({ replay, ...(stepIds !== undefined && { replayStepIds: stepIds }) });
  },
  toggleGroup: (serial) => {
    const group = get().group;
    set({ group: group.includes(serial) ? group.filter((s) => s !== serial) : [...group, serial] });
  },
  setGroupControl: (groupControl) => set({ groupControl }),
});
