// Decoded step screens by SHA-256, decoded off the main thread (createImageBitmap) at no more than the size the
// debugger draws them, so scrubbing onto a step — prefetched neighbours included — draws its picture at once, and
// never shows the previous step's picture while another decodes. Bounded: a decoded screen is megabytes.
import { useEffect, useState } from 'react';

/** Widest decoded picture: a phone screen fitted in the 1024×700 layout at devicePixelRatio 2 stays sharp. */
const MAX_WIDTH = 720;
const KEEP = 24;
const decoded = new Map<string, ImageBitmap>();
const decoding = new Map<string, Promise<ImageBitmap>>();
const listeners = new Set<() => void>();

export function decodeScreen(sha: string, blob: Blob, width: number): Promise<ImageBitmap> {
  const done = decoded.get(sha);
  if (done) return Promise.resolve(done);
  let p = decoding.get(sha);
  if (!p) {
    const options: ImageBitmapOptions = width > MAX_WIDTH ? { resizeWidth: MAX_WIDTH, resizeQuality: 'low' } : {};
    p = createImageBitmap(blob, options).then((bitmap) => {
      decoded.set(sha, bitmap);
      while (decoded.size > KEEP) {
        const [oldest, old] = decoded.entries().next().value!;
        old.close();
        decoded.delete(oldest);
      }
      listeners.forEach((l) => l());
      return bitmap;
    }).finally(() => decoding.delete(sha));
    decoding.set(sha, p);
  }
  return p;
}

/** The decoded screen `sha`, or null until it is. Most recently used last, so eviction drops the oldest. */
export function useDecodedScreen(sha: string | null): ImageBitmap | null {
  const [, bump] = useState(0);
  useEffect(() => {
    const l = () => bump((n) => n + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  const bitmap = sha ? decoded.get(sha) ?? null : null;
  if (sha && bitmap) {
    decoded.delete(sha);
    decoded.set(sha, bitmap);
  }
  return bitmap;
}
