// The console's layout state: which side columns are collapsed (the workspace's panels report it), whether the
// stage fills the window (fullscreen), whether the centre shows the grid of every online device's mirror, and
// whether the tool dock is folded to its header. The stage's room does not depend on any of it except the
// columns and fullscreen, which the operator sets.
import type { SliceCreator } from './store';

export interface LayoutSlice {
  leftCollapsed: boolean;
  rightCollapsed: boolean;
  fullscreen: boolean;
  gridView: boolean;
  dockFolded: boolean;
  setColumnCollapsed(side: 'left' | 'right', collapsed: boolean): void;
  setFullscreen(on: boolean): void;
  setGridView(on: boolean): void;
  setDockFolded(folded: boolean): void;
}

export const createLayoutSlice: SliceCreator<LayoutSlice> = (set) => ({
  leftCollapsed: false,
  rightCollapsed: false,
  fullscreen: false,
  gridView: false,
  dockFolded: false,
  setColumnCollapsed: (side, collapsed) =>
    set(side === 'left' ? { leftCollapsed: collapsed } : { rightCollapsed: collapsed }),
  setFullscreen: (fullscreen) => set({ fullscreen }),
  setGridView: (gridView) => set({ gridView }),
  setDockFolded: (dockFolded) => set({ dockFolded }),
});
