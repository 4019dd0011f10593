// OCCLUDED (native-controls.en.md): clip the target to its own window's touchable region, then subtract the
// touchable regions of every higher window on the same display; a write needs some area left. Where the exact
// region is unknown (API < 30, or not reported) the window bounds stand in, conservatively.
import type { DeviceState, HelperNode, HelperWindow } from './device-state';
import { area, intersect, subtract, type Region } from './regions';

export interface VisibleRegion {
  rects: Region;
  area: number;
  /** False when some window's bounds had to stand in for its exact touchable region. */
  exact: boolean;
}

function touchable(window: HelperWindow): Region {
  return window.touchable_region ?? [window.bounds];
}

export function visibleRegion(state: DeviceState, node: HelperNode, own: HelperWindow): VisibleRegion {
  const higher = state.windows.filter((w) => w.display_id === own.display_id && w.layer > own.layer);
  const clipped = intersect([node.bounds_px], touchable(own));
  const rects = subtract(clipped, higher.flatMap(touchable));
  const exact = own.touchable_region !== null && higher.every((w) => w.touchable_region !== null);
  return { rects, area: area(rects), exact };
}
