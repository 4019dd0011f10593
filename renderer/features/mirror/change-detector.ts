// Did the picture change? A mirror frame is not a change: Android (and the virtual device) send a frame whenever
// the screen was redrawn, also when the pixels stayed the same (a clock re-rendering its same text), and polling
// delivers a screenshot every round trip. The overlay's staleness needs real changes, so each checked frame is
// reduced to a thumbnail of THUMB_WIDTH pixels (the browser's high-quality downscale averages blocks, which also evens out
// the encoder's noise) and compared with the baseline: the thumbnail of the last reported change. Comparing with
// the baseline rather than the previous check catches slow motion too (a fling's last pixels of creep differ
// little from frame to frame but add up), while noise, which does not add up, never trips it. Checks run at most every CHECK_INTERVAL_MS; the
// last frame of a burst is always checked (a timer catches it), so a change is never missed, only reported a
// little later.

/** Thumbnail width in pixels: 1/10 of a 1080-pixel-wide phone picture. */
export const THUMB_WIDTH = 108;
/** A thumbnail pixel differing by more than this (0..255, any channel) has changed. */
export const CHANGE_THRESHOLD = 16;
/**
 * A change needs this many changed thumbnail pixels: H.264 noise (a keyframe re-encoding a still picture) moves
 * the odd pixel a little; a changed digit or a list moving by a few pixels moves many.
 */
export const CHANGED_PIXELS = 3;
export const CHECK_INTERVAL_MS = 100;

/** True when at least `pixels` pixels of two same-sized RGBA thumbnails differ beyond the threshold. */
export function thumbnailsDiffer(
  a: Uint8ClampedArray,
  b: Uint8ClampedArray,
  threshold = CHANGE_THRESHOLD,
  pixels = CHANGED_PIXELS,
): boolean {
  if (a.length !== b.length) return true;
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (
      Math.abs(a[i]! - b[i]!) > threshold ||
      Math.abs(a[i + 1]! - b[i + 1]!) > threshold ||
      Math.abs(a[i + 2]! - b[i + 2]!) > threshold
    ) {
      if (++changed >= pixels) return true;
    }
  }
  return false;
}

import type { MirrorPicture } from './mirror-picture';

export class ChangeDetector {
  private readonly thumb = document.createElement('canvas');
  private previous: Uint8ClampedArray | null = null;
  private lastCheck = -Infinity;
  private timer: number | null = null;
  private pendingAt = 0;

  /** @param onChange called with the epoch ms of the frame in which a change was seen */
  constructor(
    private readonly source: MirrorPicture,
    private readonly onChange: (at: number) => void,
  ) {}

  /** A frame (read off the device at `at`, epoch ms) became the mirror's picture. */
  frame(at: number): void {
    this.pendingAt = at;
    if (this.timer !== null) return;
    const wait = this.lastCheck + CHECK_INTERVAL_MS - performance.now();
    if (wait <= 0) this.check();
    else
      this.timer = window.setTimeout(() => {
        this.timer = null;
        this.check();
      }, wait);
  }

  stop(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
  }

  private check(): void {
    this.lastCheck = performance.now();
    const { thumb } = this;
    const image = this.source.image();
    const size = this.source.size();
    if (!image || size.width === 0) return;
    // The stream's size follows the stage: a thumbnail of a fixed width compares any two sizes alike.
    const w = THUMB_WIDTH;
    const h = Math.max(1, Math.round((size.height * THUMB_WIDTH) / size.width));
    if (thumb.width !== w || thumb.height !== h) {
      thumb.width = w;
      thumb.height = h;
      this.previous = null;
    }
    const ctx = thumb.getContext('2d', { willReadFrequently: true })!;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, 0, 0, w, h);
    const now = ctx.getImageData(0, 0, w, h).data;
    if (this.previous === null) {
      this.previous = now;
      return;
    }
    if (!thumbnailsDiffer(this.previous, now)) return;
    this.previous = now;
    this.onChange(this.pendingAt);
  }
}
