// The Logcat panel's state: the lines read so far for the selected device, paused or live, and the filter.
// Live polls `logcat.read` once a second from the last line's time; pause stops polling (what arrives while
// paused is read on resume, nothing is lost from the device's buffer); clear empties the view only.
import { create } from 'zustand';
import type { LogcatEntry } from '../../../shared/verify/logcat-view';
import { api, errorText } from '../../app/api';
import { merge, NO_FILTER, type LogcatFilter } from './logcat-filter';

export const POLL_MS = 1000;
const FIRST_READ = 500;

interface LogcatState {
  serial: string | null;
  entries: LogcatEntry[];
  paused: boolean;
  filter: LogcatFilter;
  error: string | null;
  /** Lines before this time are not shown again after a clear. */
  clearedAt: number;
  setFilter(patch: Partial<LogcatFilter>): void;
  setPaused(paused: boolean): void;
  clear(): void;
}

export const useLogcat = create<LogcatState>((set, get) => ({
  serial: null,
  entries: [],
  paused: false,
  filter: NO_FILTER,
  error: null,
  clearedAt: 0,
  setFilter: (patch) => set({ filter: { ...get().filter, ...patch } }),
  setPaused: (paused) => set({ paused }),
  clear: () => {
    const last = get().entries.at(-1);
    set({ entries: [], clearedAt: last ? last.time_ms + 1 : Date.now() });
  },
}));

/** One poll for `serial`: the last lines on a new device, else everything since the newest line. */
export async function pollLogcat(serial: string): Promise<void> {
  const s = useLogcat.getState();
  if (s.serial !== serial) useLogcat.setState({ serial, entries: [], clearedAt: 0, error: null });
  if (useLogcat.getState().paused) return;
  const last = useLogcat.getState().entries.at(-1);
  const since = last?.time_ms ?? (useLogcat.getState().clearedAt || null);
  try {
    const r = await api().request('logcat.read', {
      serial,
      since_ms: since,
      limit: since === null ? FIRST_READ : 5000,
    });
    const now = useLogcat.getState();
    if (now.serial !== serial || now.paused) return;
    const kept = r.entries.filter((e) => e.time_ms >= now.clearedAt);
    useLogcat.setState({ entries: merge(now.entries, kept), error: null });
  } catch (e) {
    useLogcat.setState({ error: errorText(e) });
  }
}
