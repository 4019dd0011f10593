// The console's observation is a uiautomator dump, which lists windows without their touchable regions; the
// overlay's occluded filter judges every node by exact regions (shared/occlusion's algebra), so when the helper
// runs, ONE helper `observe` after the dump supplies them (API ≥ 30; null below, the bounds stand in). A window
// is given a region only when the helper saw the same window id with the same bounds (the two reads are not
// one instant); any failure leaves the observation as it was: the bounds stand in, as they always did.
import { randomUUID } from 'node:crypto';
import type { HelperWindow } from '../../shared/helper-protocol';
import type { ObservedWindow } from '../../shared/observation';
import type { HelperChannel } from '../helper/helper-channel';

/** The helper read may not hold the observation up for long: past this the bounds stand in. */
const REGIONS_TIMEOUT_MS = 2000;

export async function withTouchableRegions(windows: ObservedWindow[], native: () => Promise<Pick<HelperChannel, 'request'> | null>): Promise<ObservedWindow[]> {
  try {
    const channel = await native();
    if (!channel) return windows;
    const reply = await channel.request('observe', {}, `regions-${randomUUID()}`, REGIONS_TIMEOUT_MS);
    if (!reply.ok) return windows;
    const seen = new Map<number, HelperWindow>((reply.result as { windows?: HelperWindow[] }).windows?.map((w) => [w.id, w]) ?? []);
    return windows.map((w) => {
      const h = seen.get(w.id);
      const same = h !== undefined && h.bounds.every((v, i) => v === w.bounds_px[i]);
      return same && h.touchable_region !== null ? { ...w, touchable_region: h.touchable_region } : w;
    });
  } catch {
    return windows;
  }
}
