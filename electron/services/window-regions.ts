// The console's observation is a uiautomator dump, which lists windows without their touchable regions; the
// overlay's occluded filter judges every node by exact regions (shared/occlusion's algebra), so when the helper
// runs, ONE helper `observe` after the dump supplies them (API ≥ 30; null below, the bounds stand in). A window
// is given a region only when the helper saw the same window id with the same bounds (the two reads are not
// one instant); any failure leaves the observation as it was: the bounds stand in, as they always did.
// The read only stops *waiting* after REGIONS_WAIT_MS: a request timeout would drop the helper link, which
// the device's input shares, and the helper answers in order, so an observe queued behind a long drag is
// late, not lost. Dropping the link there made that drag's receipt `unknown` and restarted the helper.
import { randomUUID } from 'node:crypto';
import type { HelperWindow } from '../../shared/helper-protocol';
import type { ObservedWindow } from '../../shared/observation';
import type { HelperChannel } from '../helper/helper-channel';

/** The helper read may not hold the observation up for long: past this the bounds stand in. */
export const REGIONS_WAIT_MS = 2000;

/** The reply, or null once `ms` passed (the request goes on; its late answer is dropped). */
function within<T>(reply: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}

export async function withTouchableRegions(
  windows: ObservedWindow[],
  native: () => Promise<Pick<HelperChannel, 'request'> | null>,
): Promise<ObservedWindow[]> {
  try {
    const channel = await native();
    if (!channel) return windows;
    const request = channel.request('observe', {}, `regions-${randomUUID()}`);
    request.catch(() => undefined); // a link that dies after we stopped waiting is not this read's concern
    const reply = await within(request, REGIONS_WAIT_MS);
    if (!reply?.ok) return windows;
    const seen = new Map<number, HelperWindow>(
      (reply.result as { windows?: HelperWindow[] }).windows?.map((w) => [w.id, w]) ?? [],
    );
    return windows.map((w) => {
      const h = seen.get(w.id);
      const same = h !== undefined && h.bounds.every((v, i) => v === w.bounds_px[i]);
      return same && h.touchable_region !== null ? { ...w, touchable_region: h.touchable_region } : w;
    });
  } catch {
    return windows;
  }
}
