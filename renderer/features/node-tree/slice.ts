// Node tree: the latest observation, the hovered and selected node (shared by overlay, tree and inspector),
// the overlay filters and the tree search.
import type { Observation } from '../../../shared/ipc';
import type { SliceCreator } from '../../app/store';
import { DEFAULT_FILTERS, type OverlayFilters } from './overlay-model';

export interface NodeTreeSlice {
  observation: Observation | null;
  observing: boolean;
  observeError: string | null;
  /** Node index in the observation, -1 for none. */
  hovered: number;
  selected: number;
  filters: OverlayFilters;
  query: string;
  /** Observe again continuously (one dump after another), for screens that change without the console acting. */
  autoObserve: boolean;
  /** Epoch ms the current observation's request left; the mirror changing after it makes the overlay stale. */
  observedFrom: number;
  /** The mirror showed a change after the current observation was requested: the boxes may be out of date. */
  overlayStale: boolean;
  setObservation(observation: Observation | null, requestedAt?: number, staleAlready?: boolean): void;
  markOverlayStale(): void;
  /** Forgets the observation and the hovered/selected node (another device was selected). */
  resetObservation(): void;
  setObserving(observing: boolean, error?: string | null): void;
  hover(index: number): void;
  select(index: number): void;
  setFilter<K extends keyof OverlayFilters>(key: K, value: OverlayFilters[K]): void;
  toggleWindow(window: number): void;
  setQuery(query: string): void;
  setAutoObserve(on: boolean): void;
}

export const createNodeTreeSlice: SliceCreator<NodeTreeSlice> = (set, get) => ({
  observation: null,
  observing: false,
  observeError: null,
  hovered: -1,
  selected: -1,
  filters: DEFAULT_FILTERS,
  query: '',
  autoObserve: false,
  observedFrom: 0,
  overlayStale: false,
  markOverlayStale: () => {
    if (!get().overlayStale && get().observation) set({ overlayStale: true });
  },
  setObservation: (observation, requestedAt = Date.now(), staleAlready = false) => {
    // The selected and the hovered node stay on the "same" node across observations when it is still there:
    // with "live" on the tree is read again every 750 ms, and a row resting under the mouse keeps its hover.
    const before = get().observation;
    const selected = sameNode(before, get().selected, observation);
    const hovered = sameNode(before, get().hovered, observation);
    set({
      observation,
      selected,
      hovered,
      observeError: null,
      observedFrom: requestedAt,
      overlayStale: observation !== null && staleAlready,
    });
  },
  resetObservation: () =>
    set({ observation: null, hovered: -1, selected: -1, observeError: null, overlayStale: false }),
  setObserving: (observing, error = null) => set({ observing, observeError: error }),
  hover: (hovered) => {
    if (get().hovered !== hovered) set({ hovered });
  },
  select: (selected) => set({ selected }),
  setFilter: (key, value) => set({ filters: { ...get().filters, [key]: value } }),
  toggleWindow: (window) => {
    const hidden = get().filters.hiddenWindows;
    set({
      filters: {
        ...get().filters,
        hiddenWindows: hidden.includes(window) ? hidden.filter((w) => w !== window) : [...hidden, window],
      },
    });
  },
  setQuery: (query) => set({ query }),
  setAutoObserve: (autoObserve) => set({ autoObserve }),
});

/** The index in `next` of the node `index` names in `before` (same id, class and bounds), -1 when it is gone. */
export function sameNode(before: Observation | null, index: number, next: Observation | null): number {
  const old = index >= 0 ? before?.nodes[index] : undefined;
  if (!old || !next) return -1;
  const bounds = old.bounds_px.join();
  return (
    next.nodes.find(
      (n) => n.resource_id === old.resource_id && n.class_name === old.class_name && n.bounds_px.join() === bounds,
    )?.index ?? -1
  );
}
