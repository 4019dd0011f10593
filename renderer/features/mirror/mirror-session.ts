// The live mirror session's id in main (set by the IPC transport), for what acts on the stream itself: the
// MP4 recorder taps that session.
import { create } from 'zustand';

export interface MirrorSessionRef {
  serial: string;
  session: string;
}

export const useMirrorSession = create<{ current: MirrorSessionRef | null }>(() => ({ current: null }));

/** Sets the live session; clearing names the session that ended so a newer one is not cleared by an old stop. */
export function setMirrorSession(next: MirrorSessionRef | null, ending?: string): void {
  const now = useMirrorSession.getState().current;
  if (next === null && ending !== undefined && now?.session !== ending) return;
  useMirrorSession.setState({ current: next });
}
