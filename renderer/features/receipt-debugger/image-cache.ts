// Decoded step screens by SHA-256, decoded off the main thread (createImageBitmap) at no more than the size the
// debugger draws them, so scrubbing onto a step — prefetched neighbours included — draws its picture at once.
// Two bounded caches: full screens (megabytes each decoded, a few dozen kept) and their thumbnails (the
// evidence store's ≤ 320 px copies, ~200 KB decoded, hundreds kept), which the picture shows while the full
// screen decodes. Every decode is counted (work-counters.ts) so the benchmark reports decodes per scrub step.
import { useEffect, useState } from 'react';
import { countWork } from '../../app/work-counters';

interface BitmapCache {
  decoded: Map<string, ImageBitmap>;
  decoding: Map<string, Promise<ImageBitmap>>;
  keep: number;
  /** Widest decoded picture (null: as stored). */
  maxWidth: number | null;
  kind: 'decode' | 'thumbnailDecode';
}

/** Widest decoded full screen: a phone screen fitted in the 1024×700 layout at devicePixelRatio 2 stays sharp. */
const screens: BitmapCache = { decoded: new Map(), decoding: new Map(), keep: 24, maxWidth: 720, kind: 'decode' };
const thumbnails: BitmapCache = { decoded: new Map(), decoding: new Map(), keep: 600, maxWidth: null, kind: 'thumbnailDecode' };
const listeners = new Set<() => void>();

function decodeInto(cache: BitmapCache, sha: string, bytes: Uint8Array<ArrayBuffer>, mediaType: string, width: number): Promise<ImageBitmap> {
  const done = cache.decoded.get(sha);
  if (done) return Promise.resolve(done);
  let p = cache.decoding.get(sha);
  if (!p) {
    countWork(cache.kind);
    const options: ImageBitmapOptions = cache.maxWidth !== null && width > cache.maxWidth ? { resizeWidth: cache.maxWidth, resizeQuality: 'low' } : {};
    p = createImageBitmap(new Blob([bytes], { type: mediaType }), options).then((bitmap) => {
      cache.decoded.set(sha, bitmap);
      while (cache.decoded.size > cache.keep) {
        const [oldest, old] = cache.decoded.entries().next().value!;
        old.close();
        cache.decoded.delete(oldest);
      }
      listeners.forEach((l) => l());
      return bitmap;
    }).finally(() => cache.decoding.delete(sha));
    cache.decoding.set(sha, p);
  }
  return p;
}

export const decodeScreen = (sha: string, bytes: Uint8Array<ArrayBuffer>, mediaType: string, width: number) => decodeInto(screens, sha, bytes, mediaType, width);
export const decodeThumbnail = (sha: string, bytes: Uint8Array<ArrayBuffer>, mediaType: string, width: number) => decodeInto(thumbnails, sha, bytes, mediaType, width);

/** Most recently used last, so eviction drops the oldest. */
function touch(cache: BitmapCache, sha: string | null): ImageBitmap | null {
  const bitmap = sha ? cache.decoded.get(sha) ?? null : null;
  if (sha && bitmap) {
    cache.decoded.delete(sha);
    cache.decoded.set(sha, bitmap);
  }
  return bitmap;
}

/** The decoded screen `sha` and thumbnail `thumbSha`, each null until decoded; re-renders as decodes land. */
export function useDecodedScreen(sha: string | null, thumbSha: string | null = null): { screen: ImageBitmap | null; thumbnail: ImageBitmap | null } {
  const [, bump] = useState(0);
  useEffect(() => {
    const l = () => bump((n) => n + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return { screen: touch(screens, sha), thumbnail: touch(thumbnails, thumbSha) };
}
