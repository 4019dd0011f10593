// The recording in progress, kept outside the Capture tab: switching operator tabs unmounts the tab, and the
// recording (main's remux, or the renderer's MediaRecorder with the overlay) must keep running and stay stoppable.
import { create } from 'zustand';
import type { OverlayRecorder } from './overlay-recorder';

export type Recording = { since: number } & (
  { kind: 'remux'; id: string } | { kind: 'overlay'; recorder: OverlayRecorder; name: string }
);

export const useCapture = create<{ recording: Recording | null; withOverlay: boolean }>(() => ({
  recording: null,
  withOverlay: false,
}));

export const setRecording = (recording: Recording | null): void => useCapture.setState({ recording });
export const setWithOverlay = (withOverlay: boolean): void => useCapture.setState({ withOverlay });
