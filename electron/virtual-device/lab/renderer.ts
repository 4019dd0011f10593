// Renders the lab's screen with @napi-rs/canvas: raw RGBA for the mirror, PNG for screencap. Frames are
// cached by the lab's version, so an unchanged screen costs nothing.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { drawSnapshot } from './draw';
import { ensureFonts } from './draw-style';
import type { Lab } from './lab';

export interface RawFrame {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row-major, no padding. */
  rgba: Buffer;
  version: number;
}

export class LabRenderer {
  private canvas: Canvas | null = null;
  private frame: RawFrame | null = null;

  constructor(private readonly lab: Lab) {
    ensureFonts();
  }

  /** The current screen; the same object while the lab's version is unchanged. */
  render(): RawFrame {
    const snap = this.lab.snapshot();
    if (this.frame?.version === snap.version && this.frame.width === snap.screen.width && this.frame.height === snap.screen.height) return this.frame;
    const { width, height } = snap.screen;
    if (!this.canvas || this.canvas.width !== width || this.canvas.height !== height) this.canvas = createCanvas(width, height);
    drawSnapshot(this.canvas.getContext('2d'), snap, { timeline: this.lab.timelineView() });
    // The canvas stores premultiplied RGBA; every pixel is opaque (the background is filled), so it equals straight RGBA.
    this.frame = { width, height, rgba: this.canvas.data(), version: snap.version };
    return this.frame;
  }

  /** PNG of the current screen (what `screencap -p` writes). */
  async png(): Promise<Buffer> {
    this.render();
    return this.canvas!.encode('png');
  }
}
