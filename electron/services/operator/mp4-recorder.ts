// Records a mirror session to MP4 by remuxing its H.264 stream with mediabunny: the device's own encoded
// frames go into the file unchanged (no decode, no re-encode), primed with the stream's SPS/PPS.
// A recording starts at once: the mirror keeps its last keyframe and the frames after it (gop-buffer.ts), and
// the file begins with that keyframe, whose pts maps to a time before Record. Those earlier frames are needed
// to decode the picture on screen at Record, but were not recorded: an edit list (mediabunny writes one for a
// negative first timestamp) trims them, so players and the file's duration start at Record while the media
// itself starts with the keyframe at 0 (as `ffmpeg -ss … -c copy` cuts do).
// Stream time is the device's pts; Record and Stop, host moments, map onto it through the session's
// StreamClock, whose estimate keeps improving while frames come (the first frame of a session can arrive
// seconds late, behind its encoder's start). So frames are held (by reference: the bytes are the stream's)
// and muxed at Stop, when both ends map through the same, best estimate: the file lasts as long as the
// recording did, however late single frames arrived.
// Each frame lasts until the next one's pts, the last one until the recording stops (a still screen sends no
// frames, yet it was on screen all along).
// A configuration of other bytes (a rotation: another size) ends the recording there: one MP4 track has one
// decoder configuration. The same bytes again (a new encoder, same settings) go on in the same track.
import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';
import type { BufferedFrame } from '../gop-buffer';
import type { StreamClock } from '../stream-clock';
import type { MirrorTap, MirrorTapPacket } from '../mirror-service';

/** `avc1.PPCCLL` from an Annex B SPS (profile_idc, constraint flags, level_idc after the NAL header). */
export function avcCodecString(config: Uint8Array): string {
  for (let i = 0; i + 4 < config.length; i++) {
    const startCode =
      config[i] === 0 && config[i + 1] === 0 && (config[i + 2] === 1 || (config[i + 2] === 0 && config[i + 3] === 1));
    if (!startCode) continue;
    const nal = i + (config[i + 2] === 1 ? 3 : 4);
    if ((config[nal]! & 0x1f) === 7)
      return `avc1.${[config[nal + 1]!, config[nal + 2]!, config[nal + 3]!].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
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

export interface RecorderStart {
  /** The session's current SPS/PPS (the recorder may start between configuration packets). */
  config: Uint8Array | null;
  size: () => { width: number; height: number };
  /** The mirror's last keyframe and the frames after it; empty when none is held (the file starts at the next keyframe). */
  gop: BufferedFrame[];
  /** The session's stream clock (the recorder's own copy: it goes on observing the frames it records). */
  clock: StreamClock;
  /** When Record was pressed, performance.now() ms. */
  at: number;
  /** The clock `at` and arrivals are read on (performance.now() unless a test drives it). */
  now?: () => number;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);
/** The least a frame lasts (one 60 Hz refresh), so a frame that arrives just before Stop still has a duration. */
const MIN_FRAME_US = 16_667;

export class Mp4Recorder implements MirrorTap {
  private readonly now: () => number;
  private readonly clock: StreamClock;
  private readonly at: number;
  private config: Uint8Array | null;
  /** The decoder configuration and size of the track, fixed by its first frame. */
  private track: { config: Uint8Array; width: number; height: number } | null = null;
  private readonly frames: BufferedFrame[] = [];
  /** The newest frame that had arrived at Record (Record is never before it), or null: the file starts at its first keyframe. */
  private readonly newestAtRecord: BufferedFrame | null = null;
  /** When the recording ended (Stop, the mirror's end or a new size), host ms. */
  private endedAt: number | null = null;

  constructor(private readonly start: RecorderStart) {
    this.config = start.config;
    this.now = start.now ?? (() => performance.now());
    this.clock = start.clock;
    this.at = start.at;
    if (start.gop.length === 0 || !start.gop[0]!.keyframe || !this.config) return;
    this.newestAtRecord = start.gop.at(-1)!;
    this.open(this.config);
    this.frames.push(...start.gop);
  }

  packet(p: MirrorTapPacket): void {
    if (this.endedAt !== null) return;
    if (p.type === 'configuration') {
      if (this.track && !sameBytes(this.track.config, p.data)) return this.ended();
      this.config = p.data;
      return;
    }
    if (p.pts === null || !this.config) return;
    this.clock.observe(p.pts, p.arrived);
    if (!this.track) {
      if (!p.keyframe) return;
      this.open(this.config);
    }
    this.frames.push({ data: p.data, keyframe: p.keyframe, pts: p.pts, arrived: p.arrived });
  }

  ended(): void {
    this.endedAt ??= this.now();
  }

  /** Ends the recording and returns the finished MP4. */
  async stop(): Promise<Recording> {
    this.ended();
    const { track, frames } = this;
    if (!track)
      throw Object.assign(new Error('nothing was recorded: no keyframe arrived from the mirror'), {
        code: 'UNAVAILABLE',
      });
    const first = frames[0]!;
    const last = frames.at(-1)!;
    // The clock's offset is at most any frame's arrival minus its pts: Record never maps before a frame that had arrived.
    const startPts = this.newestAtRecord ? Math.max(this.clock.ptsAt(this.at)!, this.newestAtRecord.pts) : first.pts;
    // The device sends a frame only when the picture changes: the last one stayed on screen until the end.
    const endPts = Math.max(last.pts + MIN_FRAME_US, this.clock.ptsAt(this.endedAt!)!);

    const target = new BufferTarget();
    const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
    const source = new EncodedVideoPacketSource('avc');
    output.addVideoTrack(source);
    await output.start();
    const meta = {
      decoderConfig: { codec: avcCodecString(track.config), codedWidth: track.width, codedHeight: track.height },
    };
    for (const [i, frame] of frames.entries()) {
      // Durations come from the stream's pts, not from arrival; the last frame lasts until the end.
      const durationUs = (frames[i + 1]?.pts ?? endPts) - frame.pts;
      // mediabunny builds the avcC from an Annex B priming packet: the first keyframe carries the SPS/PPS in front.
      const data = i === 0 ? concat(track.config, frame.data) : frame.data;
      // Frames before Record get negative timestamps; mediabunny rebases the media to start at 0 and trims them with an edit list.
      const packet = new EncodedPacket(
        data,
        frame.keyframe ? 'key' : 'delta',
        (frame.pts - startPts) / 1e6,
        Math.max(1, durationUs) / 1e6,
      );
      await source.add(packet, i === 0 ? meta : undefined);
    }
    await output.finalize();
    return { bytes: new Uint8Array(target.buffer!), durationMs: (endPts - startPts) / 1000, frames: frames.length };
  }

  private open(config: Uint8Array): void {
    const { width, height } = this.start.size();
    this.track = { config, width, height };
  }
}
