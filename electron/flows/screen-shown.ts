// "What the screen showed" when a replay step failed: the visible texts and resource ids of a fresh uiautomator
// observation, top to bottom, capped so a matrix stays small. Null when the device cannot be read (it is gone).
import type { ScreenShown } from '../../shared/ipc/flows';
import type { Rotation } from '../../shared/observation';
import type { ScreenSize } from '../../shared/geometry';

const MAX_ITEMS = 40;

export interface ObservedScreen {
  screen: ScreenSize;
  rotation?: Rotation;
  nodes: ReadonlyArray<{ text: string; resource_id: string | null; bounds_px: readonly number[] }>;
}

export function screenShown(o: ObservedScreen): ScreenShown {
  const byTop = [...o.nodes].sort(
    (a, b) => (a.bounds_px[1] ?? 0) - (b.bounds_px[1] ?? 0) || (a.bounds_px[0] ?? 0) - (b.bounds_px[0] ?? 0),
  );
  const distinct = (values: Array<string | null>) =>
    [...new Set(values.filter((v): v is string => v !== null && v.trim() !== ''))].slice(0, MAX_ITEMS);
  return {
    screen: { width: o.screen.width, height: o.screen.height },
    rotation: o.rotation ?? 0,
    texts: distinct(byTop.map((n) => n.text)),
    resource_ids: distinct(byTop.map((n) => n.resource_id)),
  };
}
