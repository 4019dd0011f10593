// Plays the mirror into a canvas: H.264 from the transport decoded by WebCodecs through
// @yume-chan/scrcpy-decoder-webcodecs (which paints the newest decoded frame and skips older ones), or
// screenshots polled back to back when the stream is unavailable. Late frames are dropped, never queued:
// when the decoder falls more than MAX_DECODE_BACKLOG frames behind, deltas are discarded and a keyframe
// is requested; a decoded frame with a newer one right behind it is not painted (paint-policy.ts).
// Reports fps and latency (packet read off the device socket in main → drawn on the stage) and, per frame, the
// timings of each stage on the way (FrameTiming).
import { ScrcpyVideoCodecId } from '@yume-chan/scrcpy';
import { WebCodecsVideoDecoder, type VideoFrameRenderer } from '@yume-chan/scrcpy-decoder-webcodecs';
import { FrameStats, type MirrorStats } from './frame-stats';
import { shouldPaint } from './paint-policy';
import { FrameTimings } from './timed-video-decoder';
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
}

export interface MirrorPlayerEvents {
  onMode?(mode: MirrorMode, reason?: string): void;
  onInfo?(info: MirrorStreamInfo): void;
  /** Draws the player's canvas where it is shown (the stage's mirror layer), right after a frame landed in it. */
  present?(): void;
  /** Called after each painted frame with this frame's latency (ms, null when unknown) and its timings. */
  onPaint?(stats: MirrorStats, latencyMs: number | null, timing: FrameTiming): void;
}

const MAX_DECODE_BACKLOG = 4;
/** A keyframe restarts the device's encoder; asking more often than this would only add load. */
const KEYFRAME_REQUEST_INTERVAL_MS = 500;
const epochNow = () => performance.timeOrigin + performance.now();

export class MirrorPlayer {
  private mode: MirrorMode = 'connecting';
  private readonly stats = new FrameStats();
  private decoder: WebCodecsVideoDecoder | null = null;
  private writer: WritableStreamDefaultWriter<unknown> | null = null;
  private timings = new FrameTimings();
  private closeStream: (() => void) | null = null;
  private skippingUntilKeyframe = false;
  private lastKeyframeRequest = -Infinity;
  private stopped = false;
  /** Nothing shows the canvas (mirror-canvas.ts): frames are decoded but not painted, the newest one held. */
  private paused = false;
  private held: VideoFrame | null = null;
  private paintHeld: ((frame: VideoFrame) => Promise<void>) | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly transport: MirrorTransport,
    private readonly events: MirrorPlayerEvents = {},
  ) {}

  start(): void {
    if (!WebCodecsVideoDecoder.isSupported) {
      this.fallBack('WebCodecs is not available in this browser');
      return;
    }
    this.closeStream = this.transport.openStream({
      onInfo: (info) => this.events.onInfo?.(info),
      onPacket: (p) => this.onPacket(p),
      onEnd: (error) => {
        if (!this.stopped && error) this.fallBack(error);
      },
    });
  }

  /**
   * Pauses or resumes painting. The decoder keeps decoding (a delta needs the frames before it), so on resume
   * the newest decoded picture is painted at once, even if the screen has not changed since.
   */
  setPaused(paused: boolean): void {
    this.paused = paused;
    const held = this.held;
    if (paused || !held) return;
    this.held = null;
    void this.paintHeld?.(held).finally(() => held.close());
  }

  stop(): void {
    this.held?.close();
    this.held = null;
    this.stopped = true;
    this.closeStream?.();
    this.disposeDecoder();
    this.setMode('stopped');
  }

  private onPacket(p: MirrorPacket): void {
    if (this.stopped || this.mode === 'screenshots') return;
    const receivedAt = epochNow();
    if (!this.decoder) this.createDecoder();
    if (p.type === 'data') {
      if (!p.keyframe && (this.skippingUntilKeyframe || this.timings.backlog >= MAX_DECODE_BACKLOG)) {
        // The decoder is behind: drop deltas until a fresh keyframe rather than build a backlog.
        this.skippingUntilKeyframe = true;
        this.stats.droppedFrames(1);
        if (receivedAt - this.lastKeyframeRequest > KEYFRAME_REQUEST_INTERVAL_MS) {
          this.lastKeyframeRequest = receivedAt;
          this.transport.requestKeyframe?.();
        }
        return;
      }
      this.skippingUntilKeyframe = false;
      this.timings.packetWritten({ receivedAt, ...(p.sentAt !== undefined && { sentAt: p.sentAt }), ...(p.pts !== undefined && { pts: p.pts }) });
    }
    this.writer!.write(p).catch((e: unknown) => this.fallBack(`Decoder error: ${String(e)}`));
    if (this.mode === 'connecting') this.setMode('stream');
  }

  private createDecoder(): void {
    const inner = canvas2dRenderer(this.canvas);
    const timings = this.timings;
    const stats = this.stats;
    const events = this.events;
    let lastPaint = -Infinity;
    const paint = async (frame: VideoFrame) => {
      const t = timings.timingOf(frame);
      await inner.draw(frame);
      events.present?.();
      const at = epochNow();
      lastPaint = at;
      const latency = t?.sentAt !== undefined ? at - t.sentAt : null;
      stats.recordPaint(at, latency);
      events.onPaint?.(stats.snapshot(at), latency, {
        source: 'stream', receivedAt: t?.receivedAt ?? at, paintedAt: at,
        ...(t?.sentAt !== undefined && { sentAt: t.sentAt }), ...(t?.pts !== undefined && { pts: t.pts }), ...(t?.decodedAt !== undefined && { decodedAt: t.decodedAt }),
      });
    };
    this.paintHeld = paint;
    const renderer: VideoFrameRenderer = {
      setSize: (w, h) => inner.setSize(w, h),
      draw: async (frame) => {
        if (this.paused) {
          // The decoder closes `frame` once this returns: keep a clone of the newest instead.
          this.held?.close();
          this.held = frame.clone();
          return;
        }
        if (!shouldPaint(timings.backlog, epochNow() - lastPaint)) {
          stats.droppedFrames(1);
          return;
        }
        await paint(frame);
      },
    };
    this.decoder = this.timings.construct(() => new WebCodecsVideoDecoder({ codec: ScrcpyVideoCodecId.H264, renderer }));
    this.writer = this.decoder.writable.getWriter() as WritableStreamDefaultWriter<unknown>;
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
    const ctx = this.canvas.getContext('2d');
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
        if (this.canvas.width !== bitmap.width || this.canvas.height !== bitmap.height) {
          this.canvas.width = bitmap.width;
          this.canvas.height = bitmap.height;
        }
        ctx?.drawImage(bitmap, 0, 0);
        bitmap.close();
        this.events.present?.();
        const at = epochNow();
        // Polling's latency starts when the request left: the picture is at most that old.
        const latency = at - requestedAt;
        this.stats.recordPaint(at, latency);
        this.events.onPaint?.(this.stats.snapshot(at), latency, { source: 'screenshots', sentAt: requestedAt, receivedAt, decodedAt, paintedAt: at });
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

/**
 * Draws frames with a 2D context. The library's bitmap renderer (transferFromImageBitmap) left headless
 * Chromium without GPU presenting the previous frame until another one arrived: the last change of a
 * still screen stayed invisible. drawImage(VideoFrame) is presented with the next compositor frame.
 */
function canvas2dRenderer(canvas: HTMLCanvasElement): VideoFrameRenderer {
  const ctx = canvas.getContext('2d', { alpha: false, desynchronized: true })!;
  return {
    setSize(width, height) {
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
    },
    draw(frame) {
      ctx.drawImage(frame, 0, 0);
    },
  };
}
