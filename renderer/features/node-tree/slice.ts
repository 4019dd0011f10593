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
  setObservation(observation: Observation | null): void;
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
  setObservation: (observation) => {
    // Keep the selection on the "same" node across observations when it is still there by selector identity.
    const before = get().observation;
    const selected = get().selected;
    let next = -1;
    if (observation && before && selected >= 0) {
      const old = before.nodes[selected];
      const match = old && observation.nodes.find((n) => n.resource_id === old.resource_id && n.class_name === old.class_name && n.bounds_px.join() === old.bounds_px.join());
      next = match ? match.index : -1;
    }
    set({ observation, selected: next, hovered: -1, observeError: null });
  },
  resetObservation: () => set({ observation: null, hovered: -1, selected: -1, observeError: null }),
  setObserving: (observing, error = null) => set({ observing, observeError: error }),
  hover: (hovered) => {
    if (get().hovered !== hovered) set({ hovered });
  },
  select: (selected) => set({ selected }),
  setFilter: (key, value) => set({ filters: { ...get().filters, [key]: value } }),
  toggleWindow: (window) => {
    const hidden = get().filters.hiddenWindows;
    set({ filters: { ...get().filters, hiddenWindows: hidden.includes(window) ? hidden.filter((w) => w !== window) : [...hidden, window] } });
  },
  setQuery: (query) => set({ query }),
  setAutoObserve: (autoObserve) => set({ autoObserve }),
});
