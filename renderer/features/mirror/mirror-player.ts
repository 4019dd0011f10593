// Plays the mirror: H.264 from the transport decoded by WebCodecs through @yume-chan/scrcpy-decoder-webcodecs, or
// screenshots polled back to back when the stream is unavailable. Every encoded frame is decoded (a delta needs
// the frames before it); frames are dropped only at paint: the newest decoded frame is painted once per
// animation frame, and one replaced before its animation frame came is dropped. The picture is the decoded
// VideoFrame itself, drawn by the stage straight onto its mirror layer (mirror-picture.ts): no intermediate
// canvas, one scaled conversion per painted frame. A keyframe is asked for (scrcpy RESET_VIDEO) only when the
// decoder lost its reference (it failed): a new decoder gets the last configuration and waits for the keyframe.
// A stream can be switched (another size or other settings) without a blank: the old picture stays until the
// new stream's first frame. Reports fps and latency, and per frame the timings of each stage (FrameTiming), up
// to the frame's presentation: the animation frame after the one that drew it.
import { ScrcpyVideoCodecId } from '@yume-chan/scrcpy';
import { WebCodecsVideoDecoder, type VideoFrameRenderer } from '@yume-chan/scrcpy-decoder-webcodecs';
import { FrameStats, type MirrorStats } from './frame-stats';
import type { MirrorPicture } from './mirror-picture';
import { FrameTimings, type PacketTiming } from './timed-video-decoder';
import type { MirrorPacket, MirrorStreamInfo, MirrorTransport } from './transport';

export type MirrorMode = 'connecting' | 'stream' | 'screenshots' | 'stopped';

/** One painted frame's way through the renderer, epoch ms (host clock). */
export interface FrameTiming {
  source: 'stream' | 'screenshots';
  /** Stream: when main read the packet off the device socket. Polling: when the screenshot was requested. */
  sentAt?: number;
  /** Device presentation time (µs) of a stream frame. */
  pts?: number;
  /** The packet or screenshot reached the renderer. */
  receivedAt: number;
  /** The decoder (WebCodecs, or createImageBitmap for a PNG) output the picture. */
  decodedAt?: number;
  /** The picture was drawn on the stage. */
  paintedAt: number;
  /** The animation frame after the one that drew it began: the drawn frame was presented by then. */
  presentedAt?: number;
}

export interface MirrorPlayerEvents {
  onMode?(mode: MirrorMode, reason?: string): void;
  onInfo?(info: MirrorStreamInfo): void;
  /** Draws the player's picture where it is shown (the stage's mirror layer) when a new one is to be painted. */
  present?(): void;
  /** Called after each presented frame with this frame's latency (ms, null when unknown) and its timings. */
  onPaint?(stats: MirrorStats, latencyMs: number | null, timing: FrameTiming): void;
}

/** A keyframe request restarts nothing on the virtual device, but a phone restarts its encoder: not more often. */
const KEYFRAME_REQUEST_INTERVAL_MS = 500;
/** Decoder failures this close together mean the stream cannot be decoded here: poll screenshots instead. */
const DECODER_FAILURES_BEFORE_FALLBACK = 3;
const DECODER_FAILURE_WINDOW_MS = 5000;
const epochNow = () => performance.timeOrigin + performance.now();

export class MirrorPlayer implements MirrorPicture {
  private mode: MirrorMode = 'connecting';
  private readonly stats = new FrameStats();
  private decoder: WebCodecsVideoDecoder | null = null;
  private writer: WritableStreamDefaultWriter<unknown> | null = null;
  private timings = new FrameTimings();
  private closeStream: (() => void) | null = null;
  /** The last configuration packet: a new decoder starts from it. */
  private config: MirrorPacket | null = null;
  /** The decoder lost its reference: deltas cannot be decoded until the next keyframe. */
  private awaitingKeyframe = false;
  private lastKeyframeRequest = -Infinity;
  private decoderFailures: number[] = [];
  private stopped = false;
  /** Nothing shows the picture (mirror-picture.ts): frames are decoded, the newest kept, none painted. */
  private paused = false;
  /** The newest decoded frame (owned: closed when replaced) and its timings; `unpainted` until drawn. */
  private frame: VideoFrame | null = null;
  private frameTiming: PacketTiming | undefined;
  private unpainted = false;
  private paintRequest: number | null = null;
  /** Polling draws its screenshots here; it is the picture while polling. */
  private readonly shots = document.createElement('canvas');
  private transport: MirrorTransport;

  constructor(
    transport: MirrorTransport,
    private readonly events: MirrorPlayerEvents = {},
  ) {
    this.transport = transport;
  }

  image(): CanvasImageSource | null {
    if (this.mode === 'screenshots') return this.shots.width > 0 ? this.shots : null;
    return this.frame;
  }

  size(): { width: number; height: number } {
    if (this.mode === 'screenshots') return { width: this.shots.width, height: this.shots.height };
    return this.frame ? { width: this.frame.displayWidth, height: this.frame.displayHeight } : { width: 0, height: 0 };
  }

  start(): void {
    if (!WebCodecsVideoDecoder.isSupported) {
      this.fallBack('WebCodecs is not available in this browser');
      return;
    }
    this.open();
  }

  /**
   * Plays another stream of the same device (another size or other settings): the old stream stops, the picture
   * on the stage stays until the new stream's first frame replaces it.
   */
  switchStream(transport: MirrorTransport): void {
    if (this.stopped) return;
    this.transport = transport;
    if (this.mode === 'screenshots') return;
    this.closeStream?.();
    this.disposeDecoder();
    this.config = null;
    this.awaitingKeyframe = false;
    this.open();
  }

  /**
   * Pauses or resumes painting. The decoder keeps decoding (a delta needs the frames before it), so on resume
   * the newest decoded picture is painted at once, even if the screen has not changed since.
   */
  setPaused(paused: boolean): void {
    this.paused = paused;
    if (!paused && this.unpainted) this.schedulePaint();
  }

  stop(): void {
    this.stopped = true;
    if (this.paintRequest !== null) cancelAnimationFrame(this.paintRequest);
    this.paintRequest = null;
    this.closeStream?.();
    this.disposeDecoder();
    this.frame?.close();
    this.frame = null;
    this.setMode('stopped');
  }

  private open(): void {
    this.closeStream = this.transport.openStream({
      onInfo: (info) => this.events.onInfo?.(info),
      onPacket: (p) => this.onPacket(p),
      onEnd: (error) => {
        if (!this.stopped && error) this.fallBack(error);
      },
    });
  }

  private onPacket(p: MirrorPacket): void {
    if (this.stopped || this.mode === 'screenshots') return;
    const receivedAt = epochNow();
    if (!this.decoder) this.createDecoder();
    if (p.type === 'configuration') {
      this.config = p;
    } else {
      if (this.awaitingKeyframe && !p.keyframe) {
        // Undecodable without its reference; the keyframe asked for will resume decoding.
        this.stats.droppedFrames(1);
        return;
      }
      this.awaitingKeyframe = false;
      this.timings.packetWritten({
        receivedAt,
        ...(p.sentAt !== undefined && { sentAt: p.sentAt }),
        ...(p.pts !== undefined && { pts: p.pts }),
      });
    }
    const writer = this.writer!;
    writer.write(p).catch((e: unknown) => {
      if (writer === this.writer) this.decoderFailed(e);
    });
    if (this.mode === 'connecting') this.setMode('stream');
  }

  /** The decoder failed (a corrupt or lost reference): a new one from the last configuration, and a keyframe. */
  private decoderFailed(error: unknown): void {
    if (this.stopped || this.mode === 'screenshots') return;
    const now = epochNow();
    this.decoderFailures = [...this.decoderFailures.filter((t) => now - t < DECODER_FAILURE_WINDOW_MS), now];
    if (this.decoderFailures.length >= DECODER_FAILURES_BEFORE_FALLBACK) {
      this.fallBack(`Decoder error: ${String(error)}`);
      return;
    }
    this.disposeDecoder();
    this.createDecoder();
    if (this.config) void this.writer!.write(this.config).catch(() => undefined);
    this.awaitingKeyframe = true;
    if (now - this.lastKeyframeRequest > KEYFRAME_REQUEST_INTERVAL_MS) {
      this.lastKeyframeRequest = now;
      this.transport.requestKeyframe?.();
    }
  }

  private createDecoder(): void {
    this.timings = new FrameTimings();
    const timings = this.timings;
    const renderer: VideoFrameRenderer = {
      setSize: () => undefined, // the picture's size is the frame's own
      draw: (decoded) => {
        // The library closes `decoded` once this returns: keep a clone (a reference, no copy) of the newest.
        if (timings !== this.timings) return;
        if (this.unpainted) this.stats.droppedFrames(1); // replaced before its animation frame came
        this.frame?.close();
        this.frame = decoded.clone();
        this.frameTiming = timings.timingOf(decoded);
        this.unpainted = true;
        if (!this.paused) this.schedulePaint();
      },
    };
    this.decoder = timings.construct(() => new WebCodecsVideoDecoder({ codec: ScrcpyVideoCodecId.H264, renderer }));
    this.writer = this.decoder.writable.getWriter() as WritableStreamDefaultWriter<unknown>;
  }

  private schedulePaint(): void {
    if (this.paintRequest !== null) return;
    this.paintRequest = requestAnimationFrame(() => {
      this.paintRequest = null;
      this.paint();
    });
  }

  /** Draws the newest frame on the stage (in an animation frame), then times its presentation. */
  private paint(): void {
    if (this.stopped || this.paused || !this.unpainted || !this.frame) return;
    this.unpainted = false;
    this.events.present?.();
    const paintedAt = epochNow();
    const t = this.frameTiming;
    requestAnimationFrame(() => {
      if (this.stopped) return;
      const presentedAt = epochNow();
      const latency = t?.sentAt !== undefined ? presentedAt - t.sentAt : null;
      this.stats.recordPaint(presentedAt, latency);
      this.events.onPaint?.(this.stats.snapshot(presentedAt), latency, {
        source: 'stream',
        receivedAt: t?.receivedAt ?? paintedAt,
        paintedAt,
        presentedAt,
        ...(t?.sentAt !== undefined && { sentAt: t.sentAt }),
        ...(t?.pts !== undefined && { pts: t.pts }),
        ...(t?.decodedAt !== undefined && { decodedAt: t.decodedAt }),
      });
    });
  }

  private disposeDecoder(): void {
    this.writer?.releaseLock();
    this.writer = null;
    this.decoder?.dispose();
    this.decoder = null;
  }

  private fallBack(reason: string): void {
    if (this.stopped || this.mode === 'screenshots') return;
    this.closeStream?.();
    this.disposeDecoder();
    this.setMode('screenshots', reason);
    void this.pollScreenshots();
  }

  private async pollScreenshots(): Promise<void> {
    const ctx = this.shots.getContext('2d');
    while (!this.stopped) {
      if (this.paused) {
        // Nothing shows the picture: no screenshot is asked of the device until something does.
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      try {
        const requestedAt = epochNow();
        const shot = await this.transport.screenshot();
        const receivedAt = epochNow();
        const bitmap = await createImageBitmap(shot.png);
        const decodedAt = epochNow();
        if (this.shots.width !== bitmap.width || this.shots.height !== bitmap.height) {
          this.shots.width = bitmap.width;
          this.shots.height = bitmap.height;
        }
        ctx?.drawImage(bitmap, 0, 0);
        bitmap.close();
        this.events.present?.();
        const paintedAt = epochNow();
        requestAnimationFrame(() => {
          if (this.stopped) return;
          const presentedAt = epochNow();
          // Polling's latency starts when the request left: the picture is at most that old.
          const latency = presentedAt - requestedAt;
          this.stats.recordPaint(presentedAt, latency);
          this.events.onPaint?.(this.stats.snapshot(presentedAt), latency, {
            source: 'screenshots',
            sentAt: requestedAt,
            receivedAt,
            decodedAt,
            paintedAt,
            presentedAt,
          });
        });
      } catch {
        await new Promise((r) => setTimeout(r, 500)); // device busy or gone: retry calmly
      }
    }
  }

  private setMode(mode: MirrorMode, reason?: string): void {
    this.mode = mode;
    this.events.onMode?.(mode, reason);
  }
}
