// Encodes what the screen shows and writes scrcpy video packets: a config packet (SPS/PPS) first, then one
// packet per changed frame. A frame is rendered only when the screen's version changed, and skipped while the
// encoder or the socket is still busy, so latency stays one frame. A still screen repeats its last frame every
// REPEAT_PREVIOUS_FRAME_AFTER_MS, as scrcpy's encoder does on a phone (KEY_REPEAT_PREVIOUS_FRAME_AFTER).
// RESET_VIDEO asks the running encoder for an IDR frame (no new process) and re-sends the configuration first,
// so the client sees what a phone's encoder restart gives it: a configuration packet, then a keyframe.
import { FfmpegH264Encoder, type EncodedUnit } from './ffmpeg-h264-encoder';
import { I420Frame } from './i420-frame';
import type { OrderedWriter } from './ordered-writer';
import type { ScrcpyScreen } from './ports';
import { frameMeta } from './stream-header';
import { videoSizeFor, type Size } from './video-size';

export interface VideoStreamerOptions {
  maxSize: number;
  bitRate: number;
  /** 0 = unlimited. */
  maxFps: number;
  sendFrameMeta: boolean;
  /** Called as each packet is handed to the video socket; `sentAt` is epoch ms (benchmarks measure from here). */
  onPacket?: (info: { ptsUs: bigint; size: number; config: boolean; keyFrame: boolean; sentAt: number }) => void;
  ffmpegPath?: string;
}

const POLL_MS = 2;
/** Encoded frames between keyframes: 3 s of continuous motion at 60 fps. */
export const KEY_FRAME_INTERVAL = 180;
/**
 * Frames in the encoder at once. With 2, each frame waited behind the previous one's encode (device-side
 * latency ~30 ms instead of ~15 ms at 1080×2400) for no gain in frame rate on 2 cores; newer content simply
 * replaces what changed meanwhile.
 */
const MAX_IN_FLIGHT = 1;
/** scrcpy's SurfaceEncoder sets KEY_REPEAT_PREVIOUS_FRAME_AFTER to 100 ms (100_000 µs). */
export const REPEAT_PREVIOUS_FRAME_AFTER_MS = 100;

export class VideoStreamer {
  private encoder: FfmpegH264Encoder | null = null;
  /** The encoder's SPS/PPS as last sent (re-sent before the keyframe RESET_VIDEO asks for). */
  private config: EncodedUnit | null = null;
  /** RESET_VIDEO arrived: the next frame is an IDR frame, preceded by the configuration. */
  private keyFrameRequested = false;
  private lastPtsUs = -1n;
  private inputSize: Size | null = null;
  private i420: I420Frame | null = null;
  /** I420 buffers not in the encoder's pipe (a frame's bytes must not change until the pipe took them). */
  private freeBuffers: Uint8Array[] = [];
  private lastVersion = Number.NaN;
  private lastEncodeAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly t0 = performance.now();

  constructor(
    private readonly screen: ScrcpyScreen,
    private readonly writer: OrderedWriter,
    private readonly options: VideoStreamerOptions,
    private readonly onFatal: (error: Error) => void,
  ) {}

  /** The size of the encoded video (what codec meta and touch positions refer to); null before start. */
  videoSize(): Size | null {
    return this.inputSize && videoSizeFor(this.inputSize, this.options.maxSize);
  }

  /** The video size and the screen size it was encoded from (for mapping touch positions); null before start. */
  geometry(): { video: Size; screen: Size } | null {
    return this.inputSize && { video: videoSizeFor(this.inputSize, this.options.maxSize), screen: this.inputSize };
  }

  /** Encodes the current screen at once (scrcpy always sends a first frame) and keeps following changes. */
  start(): Size {
    this.pump();
    this.timer = setTimeout(this.tick, POLL_MS);
    return this.videoSize()!;
  }

  /** RESET_VIDEO: the configuration again and an IDR frame of the current screen, from the same encoder. */
  reset(): void {
    this.keyFrameRequested = true;
    this.lastVersion = Number.NaN;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.encoder?.close();
    this.encoder = null;
  }

  private tick = (): void => {
    if (this.stopped) return;
    try {
      this.pump();
    } catch (e) {
      this.onFatal(e as Error);
      return;
    }
    this.timer = setTimeout(this.tick, POLL_MS);
  };

  private pump(): void {
    const version = this.screen.frameVersion();
    const now = performance.now();
    const repeat =
      version === this.lastVersion &&
      this.encoder !== null &&
      now - this.lastEncodeAt >= REPEAT_PREVIOUS_FRAME_AFTER_MS;
    if (version === this.lastVersion && !repeat) return;
    if (this.encoder && this.encoder.inFlight >= MAX_IN_FLIGHT) return;
    // One encoded frame waiting in the socket is enough; newer content will replace the next one.
    if (this.writer.backlog > 0 && this.encoder && this.encoder.inFlight > 0) return;
    if (this.options.maxFps > 0 && now - this.lastEncodeAt < 1000 / this.options.maxFps) return;
    this.lastEncodeAt = now;
    if (!repeat) {
      const frame = this.screen.render();
      this.lastVersion = version;
      if (!this.inputSize || this.inputSize.width !== frame.width || this.inputSize.height !== frame.height) {
        // Rotation or resize: a new encoder announces the new size through its SPS, as scrcpy does.
        this.encoder?.close();
        this.encoder = null;
        this.config = null;
        this.inputSize = { width: frame.width, height: frame.height };
        this.i420 = new I420Frame(frame.width, frame.height);
        this.freeBuffers = [];
      }
      this.i420!.update(frame.rgba, frame.rowVersions);
    }
    const fresh = !this.encoder;
    if (!this.encoder) this.encoder = this.newEncoder(this.inputSize!);
    const keyFrame = this.keyFrameRequested && !fresh;
    this.keyFrameRequested = false;
    // The configuration first, as a restarted MediaCodec sends it before its first keyframe.
    if (keyFrame && this.config) this.writeUnit(this.config);
    const i420 = this.i420!;
    const buffer = this.freeBuffers.pop() ?? new Uint8Array(i420.byteLength);
    i420.copyTo(buffer);
    let pts = BigInt(Math.round((now - this.t0) * 1000));
    if (pts <= this.lastPtsUs) pts = this.lastPtsUs + 1n;
    this.lastPtsUs = pts;
    void this.encoder.encode(buffer, pts, keyFrame).then(() => {
      if (buffer.length === this.i420?.byteLength) this.freeBuffers.push(buffer);
    });
  }

  private newEncoder(input: Size): FfmpegH264Encoder {
    const out = videoSizeFor(input, this.options.maxSize);
    const encoder: FfmpegH264Encoder = new FfmpegH264Encoder(
      {
        inputWidth: input.width,
        inputHeight: input.height,
        outputWidth: out.width,
        outputHeight: out.height,
        bitRate: this.options.bitRate,
        keyFrameInterval: KEY_FRAME_INTERVAL,
        ffmpegPath: this.options.ffmpegPath,
      },
      (unit) => {
        if (this.encoder !== encoder) return;
        if (unit.kind === 'config') this.config = unit;
        this.writeUnit(unit);
      },
      (error) => {
        if (error && this.encoder === encoder && !this.stopped) this.onFatal(error);
      },
    );
    return encoder;
  }

  private writeUnit(unit: EncodedUnit): void {
    const config = unit.kind === 'config';
    const keyFrame = unit.kind === 'frame' && unit.keyFrame;
    const chunks = this.options.sendFrameMeta
      ? [frameMeta(unit.annexB.length, unit.ptsUs, config, keyFrame), unit.annexB]
      : [unit.annexB];
    const sentAt = performance.timeOrigin + performance.now();
    this.options.onPacket?.({ ptsUs: unit.ptsUs, size: unit.annexB.length, config, keyFrame, sentAt });
    void this.writer.write(...chunks);
  }
}
