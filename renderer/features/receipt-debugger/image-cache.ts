// Decoded step screens by object URL, so scrubbing back onto a step, or onto a prefetched neighbour, draws its
// picture at once instead of waiting for a new decode (and never shows the previous step's picture meanwhile).
import { useEffect, useState } from 'react';

const KEEP = 64;
const decoded = new Map<string, HTMLImageElement>();
const decoding = new Map<string, Promise<HTMLImageElement>>();

export function preloadImage(url: string): Promise<HTMLImageElement> {
  const done = decoded.get(url);
  if (done) return Promise.resolve(done);
  let p = decoding.get(url);
  if (!p) {
    const img = new window.Image();
    img.src = url;
    p = img.decode().then(() => {
      decoded.set(url, img);
      while (decoded.size > KEEP) decoded.delete(decoded.keys().next().value!);
      return img;
    }).finally(() => decoding.delete(url));
    decoding.set(url, p);
  }
  return p;
}

/** The decoded picture of `url`, or null until it is (never another URL's picture). */
export function useDecodedImage(url: string | null): HTMLImageElement | null {
  const [, bump] = useState(0);
  useEffect(() => {
    if (!url || decoded.has(url)) return;
    let live = true;
    preloadImage(url).then(() => live && bump((n) => n + 1), () => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return url ? decoded.get(url) ?? null : null;
}
