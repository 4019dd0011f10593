// The editor's view state, outside the document (not undoable): the keyframe and handle in focus, the play
// head, the slow-motion factor, the last send's read-back and the last message. A store of its own, so the
// tool, the stage layer and the timeline share it without growing the app store.
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { HandleRef } from './model';
import type { Readback } from './readback';

export const PLAY_SPEEDS = [1, 0.25] as const;
export type PlaySpeed = (typeof PLAY_SPEEDS)[number];

export interface EditorState {
  frame: number;
  handle: HandleRef | null;
  /** Time on the plan's clock shown by the play head, null when not playing. */
  playMs: number | null;
  /** The planned pointers at the play head (device pixels). */
  playing: ReadonlyArray<{ id: number; x: number; y: number }> | null;
  speed: PlaySpeed;
  readback: Readback | null;
  message: { kind: 'info' | 'error'; text: string } | null;
}

export const editorStore = createStore<EditorState>(() => ({
  frame: 0,
  handle: null,
  playMs: null,
  playing: null,
  speed: 1,
  readback: null,
  message: null,
}));

export function useEditor<T>(select: (s: EditorState) => T): T {
  return useStore(editorStore, select);
}

export function setEditor(patch: Partial<EditorState>): void {
  editorStore.setState(patch);
}
