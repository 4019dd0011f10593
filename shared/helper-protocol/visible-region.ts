// OCCLUDED (native-controls.en.md): clip the target to its own window's touchable region, then subtract the
// touchable regions of every higher window on the same display; a write needs some area left. Where the exact
// region is unknown (API < 30, or not reported) the window bounds stand in, conservatively.
import type { DeviceState, HelperNode, HelperWindow, PxRect } from './device-state';
import { area, intersect, subtract, type Region } from './regions';

export interface VisibleRegion {
  rects: Region;
  area: number;
  /** False when some window's bounds had to stand in for its exact touchable region. */
  exact: boolean;
}

/** What the algebra needs of a window: its bounds and its exact touchable region (null: the bounds stand in). */
export type RegionWindow = Pick<HelperWindow, 'bounds' | 'touchable_region'>;

function touchable(window: RegionWindow): Region {
  return window.touchable_region ?? [window.bounds];
}

/** A box's visible region given its own window and the windows above it (any source: helper or observation). */
export function visibleRegionOf(
  bounds: PxRect,
  own: RegionWindow,
  higher: readonly RegionWindow[],
): VisibleRegion & { target_area: number } {
  const clipped = intersect([bounds], touchable(own));
  const rects = subtract(clipped, higher.flatMap(touchable));
  const exact = own.touchable_region !== null && higher.every((w) => w.touchable_region !== null);
  return { rects, area: area(rects), exact, target_area: area(clipped) };
}

export function visibleRegion(state: DeviceState, node: HelperNode, own: HelperWindow): VisibleRegion {
  const higher = state.windows.filter((w) => w.display_id === own.display_id && w.layer > own.layer);
  const { rects, area: visible, exact } = visibleRegionOf(node.bounds_px, own, higher);
  return { rects, area: visible, exact };
}
