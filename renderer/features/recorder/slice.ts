// Recording: whether every call sent from the console is appended to the document (Record, shortcut R).
import type { SliceCreator } from '../../app/store';

export interface RecorderSlice {
  recording: boolean;
  setRecording(on: boolean): void;
}

export const createRecorderSlice: SliceCreator<RecorderSlice> = (set) => ({
  recording: false,
  setRecording: (recording) => set({ recording }),
});
