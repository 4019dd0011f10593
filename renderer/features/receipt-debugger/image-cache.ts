// Decoded step screens by SHA-256, decoded off the main thread (decode-off-thread.ts) at no more than the size the
// debugger draws them, so scrubbing onto a step — prefetched neighbours included — draws its picture at once.
// Two bounded caches: full screens (megabytes each decoded, a few dozen kept) and their thumbnails (the
// evidence store's ≤ 320 px copies, ~200 KB decoded, hundreds kept), which the picture shows while the full
// screen decodes. Every decode is counted (work-counters.ts) so the benchmark reports decodes per scrub step.
import { useCallback, useSyncExternalStore } from 'react';
import { countWork } from '../../app/work-counters';
import { decodeOffThread } from './decode-off-thread';

interface BitmapCache {
  decoded: Map<string, ImageBitmap>;
  decoding: Map<string, Promise<ImageBitmap>>;
  keep: number;
  /** Widest decoded picture (null: as stored). */
  maxWidth: number | null;
  kind: 'decode' | 'thumbnailDecode';
}

// Module-level: bounded caches of decoded bitmaps (ImageBitmaps, not state to render; views subscribe per picture).
/** Widest decoded full screen: a phone screen fitted in the 1024×700 layout at devicePixelRatio 2 stays sharp. */
const screens: BitmapCache = { decoded: new Map(), decoding: new Map(), keep: 24, maxWidth: 720, kind: 'decode' };
/** Thumbnails kept at least (a 320 px WebP decodes to ~200 KB): more when the run shown has more. */
const THUMBNAILS_KEPT = 600;
const thumbnails: BitmapCache = {
  decoded: new Map(),
  decoding: new Map(),
  keep: THUMBNAILS_KEPT,
  maxWidth: null,
  kind: 'thumbnailDecode',
};
/** Told which picture was decoded: a view re-renders only for its own (a scrub decodes dozens of neighbours). */
const listeners = new Set<(sha: string) => void>();

/** A screen's stored bytes and what they are. */
export interface EncodedScreen {
  bytes: Uint8Array<ArrayBuffer>;
  mediaType: string;
  width: number;
}

function decodeInto(cache: BitmapCache, sha: string, screen: EncodedScreen): Promise<ImageBitmap> {
  const done = cache.decoded.get(sha);
  if (done) return Promise.resolve(done);
  let p = cache.decoding.get(sha);
  if (!p) {
    countWork(cache.kind);
    const resizeWidth = cache.maxWidth !== null && screen.width > cache.maxWidth ? cache.maxWidth : null;
    p = decodeOffThread(screen.bytes, screen.mediaType, resizeWidth)
      .then((bitmap) => {
        cache.decoded.set(sha, bitmap);
        while (cache.decoded.size > cache.keep) {
          const [oldest, old] = cache.decoded.entries().next().value!;
          old.close();
          cache.decoded.delete(oldest);
        }
        listeners.forEach((l) => l(sha));
        return bitmap;
      })
      .finally(() => cache.decoding.delete(sha));
    cache.decoding.set(sha, p);
  }
  return p;
}

export const decodeScreen = (sha: string, screen: EncodedScreen) => decodeInto(screens, sha, screen);

/** Keeps at least `count` decoded thumbnails (a run's, before and after each step): scrubbing back decodes none again. */
export function keepThumbnails(count: number): void {
  thumbnails.keep = Math.max(THUMBNAILS_KEPT, count);
}
export const decodeThumbnail = (sha: string, screen: EncodedScreen) => decodeInto(thumbnails, sha, screen);

/** Most recently used last, so eviction drops the oldest. */
function touch(cache: BitmapCache, sha: string | null): ImageBitmap | null {
  const bitmap = sha ? (cache.decoded.get(sha) ?? null) : null;
  if (sha && bitmap) {
    cache.decoded.delete(sha);
    cache.decoded.set(sha, bitmap);
  }
  return bitmap;
}

/** Calls `changed` when `sha` or `thumbSha` is decoded. */
function subscribeTo(sha: string | null, thumbSha: string | null, changed: () => void): () => void {
  const l = (decoded: string) => {
    if (decoded === sha || decoded === thumbSha) changed();
  };
  listeners.add(l);
  return () => void listeners.delete(l);
}

/**
 * The decoded screen `sha` and thumbnail `thumbSha`, each null until decoded; re-renders when one of them lands
 * (useSyncExternalStore also catches one that lands between the render and the subscription).
 */
export function useDecodedScreen(
  sha: string | null,
  thumbSha: string | null = null,
): { screen: ImageBitmap | null; thumbnail: ImageBitmap | null } {
  const subscribe = useCallback((changed: () => void) => subscribeTo(sha, thumbSha, changed), [sha, thumbSha]);
  const screen = useSyncExternalStore(subscribe, () => touch(screens, sha));
  const thumbnail = useSyncExternalStore(subscribe, () => touch(thumbnails, thumbSha));
  return { screen, thumbnail };
}
