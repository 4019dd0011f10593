// When a decoded frame is worth painting. Painting a 1080×2400 frame is a full-size YUV→RGB conversion in
// software (~12 ms on a loaded 2-core machine), so painting every decoded frame let the decoder queue grow
// and latency with it. A frame is skipped only when a newer one is already in the decoder and a frame was
// painted within the current vsync; the last frame of a burst has an empty decoder behind it, so the newest
// picture is always painted.

export const VSYNC_MS = 1000 / 60;

/**
 * @param decoderBacklog chunks handed to the decoder and not decoded yet (newer than this frame)
 * @param msSinceLastPaint time since the previous paint
 */
export function shouldPaint(decoderBacklog: number, msSinceLastPaint: number): boolean {
  return decoderBacklog === 0 || msSinceLastPaint >= VSYNC_MS;
}
