// Recording with the overlay burned in. The remux path (main) never decodes the stream, so it cannot draw; here
// the mirror's decoded frames and the overlay are composed on a canvas at the mirror's size, 30 times a second,
// and Chromium's MediaRecorder RE-ENCODES that canvas to H.264 in MP4. The picture is the mirror's decoded one
// (frames the mirror skipped when behind are not in it), and the file's timing is the recorder's wall clock.
import { useStore } from '../../app/store';
import { holdMirrorPainting, type MirrorPicture } from '../mirror/mirror-picture';
import { drawOverlay } from './overlay-compose';

export const OVERLAY_RECORDING_TYPE = 'video/mp4;codecs=avc1';
const FPS = 30;

export function overlayRecordingSupported(): boolean {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(OVERLAY_RECORDING_TYPE);
}

export class OverlayRecorder {
  private readonly canvas = document.createElement('canvas');
  private readonly ctx: CanvasRenderingContext2D;
  private readonly recorder: MediaRecorder;
  private readonly chunks: Blob[] = [];
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly startedAt = performance.now();
  /** The source must keep being painted even if the debugger covers the console meanwhile. */
  private readonly release = holdMirrorPainting();

  constructor(private readonly source: MirrorPicture) {
    // The recording keeps the size it started with; a rotated (or renegotiated) mirror is scaled into it.
    const size = source.size();
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    this.ctx = this.canvas.getContext('2d', { alpha: false })!;
    this.paint();
    this.recorder = new MediaRecorder(this.canvas.captureStream(FPS), { mimeType: OVERLAY_RECORDING_TYPE });
    this.recorder.ondataavailable = (e) => {
      if (e.data.size > 0) this.chunks.push(e.data);
    };
    this.recorder.start(1000);
    this.timer = setInterval(() => this.paint(), 1000 / FPS);
  }

  private paint(): void {
    const { canvas, ctx } = this;
    const image = this.source.image();
    if (image) ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    const s = useStore.getState();
    if (s.observation) drawOverlay(ctx, s.observation, s.filters, s.selected, canvas);
  }

  async stop(): Promise<{ bytes: Uint8Array; durationMs: number; width: number; height: number }> {
    clearInterval(this.timer);
    this.release();
    const stopped = new Promise<void>((resolve) => {
      this.recorder.onstop = () => resolve();
    });
    this.recorder.stop();
    await stopped;
    for (const track of this.recorder.stream.getTracks()) track.stop();
    const bytes = new Uint8Array(await new Blob(this.chunks, { type: 'video/mp4' }).arrayBuffer());
    return {
      bytes,
      durationMs: performance.now() - this.startedAt,
      width: this.canvas.width,
      height: this.canvas.height,
    };
  }
}
