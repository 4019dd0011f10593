// The mirror's last group of pictures: the stream's SPS/PPS, its most recent keyframe and every frame after
// it, so a recording can start at once from a picture already on screen instead of waiting for a new keyframe
// (which a saturated encoder delivers seconds late). Bounded: a GOP longer than the limits is dropped, and the
// buffer holds nothing until the next keyframe (a recorder then asks for one, as before).

/** One encoded frame as the mirror received it: Annex B bytes, the stream's pts (µs), arrival (performance.now() ms). */
export interface BufferedFrame {
  data: Uint8Array;
  keyframe: boolean;
  pts: number;
  arrived: number;
}

export interface GopLimits {
  maxFrames: number;
  maxBytes: number;
}

/** scrcpy's default keyframe interval is 10 s: at 60 fps 600 frames, twice that leaves room; bytes cap memory. */
export const DEFAULT_GOP_LIMITS: GopLimits = { maxFrames: 1200, maxBytes: 64 * 1024 * 1024 };

export class GopBuffer {
  private config: Uint8Array | null = null;
  private frames: BufferedFrame[] = [];
  private bytes = 0;

  constructor(private readonly limits: GopLimits = DEFAULT_GOP_LIMITS) {}

  /** A configuration packet starts a new encoder: frames before it cannot be decoded with it. */
  configuration(data: Uint8Array): void {
    this.config = data;
    this.clear();
  }

  frame(f: BufferedFrame): void {
    if (f.keyframe) this.clear();
    else if (this.frames.length === 0) return;
    if (this.frames.length + 1 > this.limits.maxFrames || this.bytes + f.data.length > this.limits.maxBytes)
      return this.clear();
    this.frames.push(f);
    this.bytes += f.data.length;
  }

  /** The configuration and the frames from the last keyframe on (empty when none is held); a copy of the list. */
  snapshot(): { config: Uint8Array | null; frames: BufferedFrame[] } {
    return { config: this.config, frames: [...this.frames] };
  }

  private clear(): void {
    this.frames = [];
    this.bytes = 0;
  }
}
