// Records a mirror session to MP4 by remuxing its H.264 stream with mediabunny: the device's own encoded
// frames go into the file unchanged (no decode, no re-encode). Recording starts at the next keyframe (one is
// requested), primed with the stream's SPS/PPS; each frame lasts until the next one's presentation time, the
// last one until the recording stops (a still screen sends no frames, yet it was on screen all along).
// A new configuration of another size (a rotation) ends the recording there: one MP4 track has one size.
import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';
import type { MirrorTap, MirrorTapPacket } from '../mirror-service';

/** `avc1.PPCCLL` from an Annex B SPS (profile_idc, constraint flags, level_idc after the NAL header). */
export function avcCodecString(config: Uint8Array): string {
  for (let i = 0; i + 4 < config.length; i++) {
    const startCode = config[i] === 0 && config[i + 1] === 0 && (config[i + 2] === 1 || (config[i + 2] === 0 && config[i + 3] === 1));
    if (!startCode) continue;
    const nal = i + (config[i + 2] === 1 ? 3 : 4);
    if ((config[nal]! & 0x1f) === 7) return `avc1.${[config[nal + 1]!, config[nal + 2]!, config[nal + 3]!].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  }
  throw new Error('the stream configuration has no SPS');
}

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

export interface Recording {
  bytes: Uint8Array;
  durationMs: number;
  frames: number;
}

export class Mp4Recorder implements MirrorTap {
  private readonly target = new BufferTarget();
  private readonly output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target: this.target });
  private readonly source = new EncodedVideoPacketSource('avc');
  private readonly started: Promise<void>;
  private config: Uint8Array | null;
  private firstPts: number | null = null;
  private pending: { data: Uint8Array; keyframe: boolean; pts: number; arrived: number } | null = null;
  private frames = 0;
  private lastPts = 0;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly done: Promise<void>;
  private finish!: () => void;

  /** `config`: the session's current SPS/PPS (the recorder may start between configuration packets). */
  constructor(config: Uint8Array | null, private readonly size: () => { width: number; height: number }) {
    this.config = config;
    this.output.addVideoTrack(this.source);
    this.started = this.output.start();
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  packet(p: MirrorTapPacket): void {
    if (this.closed) return;
    if (p.type === 'configuration') {
      // A new size means a new track; stop here rather than write frames the track cannot hold.
      if (this.firstPts !== null) return this.ended();
      this.config = p.data;
      return;
    }
    if (p.pts === null || (this.firstPts === null && !p.keyframe) || !this.config) return;
    if (this.firstPts === null) this.firstPts = p.pts;
    const frame = { data: p.data, keyframe: p.keyframe, pts: p.pts, arrived: performance.now() };
    const previous = this.pending;
    this.pending = frame;
    if (previous) this.write(previous, frame.pts - previous.pts);
  }

  ended(): void {
    if (this.closed) return;
    this.closed = true;
    const last = this.pending;
    this.pending = null;
    // The device sends a frame only when the picture changes: the last one stayed on screen until now.
    if (last) this.write(last, Math.max(16_667, Math.round((performance.now() - last.arrived) * 1000)));
    this.chain = this.chain.then(() => this.finish());
  }

  /** Ends the recording and returns the finished MP4. */
  async stop(): Promise<Recording> {
    this.ended();
    await this.done;
    await this.chain;
    if (this.frames === 0) {
      await this.output.cancel();
      throw Object.assign(new Error('nothing was recorded: no keyframe arrived from the mirror'), { code: 'UNAVAILABLE' });
    }
    await this.output.finalize();
    return { bytes: new Uint8Array(this.target.buffer!), durationMs: (this.lastPts - this.firstPts!) / 1000, frames: this.frames };
  }

  private write(frame: { data: Uint8Array; keyframe: boolean; pts: number }, durationUs: number): void {
    const first = this.frames === 0;
    const config = this.config!;
    this.frames++;
    this.lastPts = frame.pts + durationUs;
    const { width, height } = this.size();
    // mediabunny builds the avcC from an Annex B priming packet: the first keyframe carries the SPS/PPS in front.
    const data = first ? concat(config, frame.data) : frame.data;
    const packet = new EncodedPacket(data, frame.keyframe ? 'key' : 'delta', (frame.pts - this.firstPts!) / 1e6, Math.max(1, durationUs) / 1e6);
    const meta = first ? { decoderConfig: { codec: avcCodecString(config), codedWidth: width, codedHeight: height } } : undefined;
    this.chain = this.chain.then(() => this.started).then(() => this.source.add(packet, meta));
  }
}
