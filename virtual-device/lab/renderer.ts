// Renders the lab's screen with @napi-rs/canvas: raw RGBA for the mirror, PNG for screencap. Frames are
// cached by the lab's version, so an unchanged screen costs nothing. After a change only the dirty row bands
// are read back into a persistent RGBA buffer: canvas.data() copies out the whole 10 MB surface (~25 ms at
// 1080×2400, most of a frame's render time), while a timeline step changes ~15% of the rows.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { dirtyBands, paintItems, type Band, type PaintItem } from './dirty-bands';
import { drawSnapshot, type DrawExtras } from './draw';
import { ensureFonts } from './draw-style';
import type { Lab } from './lab';

export interface RawFrame {
  width: number;
  height: number;
  /**
   * RGBA, 4 bytes a pixel, row-major, no padding. The renderer updates this buffer in place on the next
   * render() of a new version: copy what must outlive that.
   */
  rgba: Buffer;
  /** The version at which each row last changed (updated in place, like `rgba`): lets the encoder convert only changed rows. */
  rowVersions: Uint32Array;
  version: number;
}

/** Rows beyond a changed node that its painting may reach (panel shadow 24u blur + 8u offset, strokes), in units of 1/1080 of the short side. */
const MARGIN_UNITS = 64;

export class LabRenderer {
  private canvas: Canvas | null = null;
  private frame: RawFrame | null = null;
  private painted: PaintItem[] = [];

  constructor(private readonly lab: Lab) {
    ensureFonts();
  }

  /** The current screen; the same object while the lab's version is unchanged. */
  render(): RawFrame {
    const snap = this.lab.snapshot();
    if (
      this.frame?.version === snap.version &&
      this.frame.width === snap.screen.width &&
      this.frame.height === snap.screen.height
    )
      return this.frame;
    const { width, height } = snap.screen;
    const extras: DrawExtras = { timeline: this.lab.timelineView(), map: this.lab.mapView() };
    const items = paintItems(snap, extras);
    if (!this.canvas || !this.frame || this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas = createCanvas(width, height);
      drawSnapshot(this.canvas.getContext('2d'), snap, extras);
      // The canvas stores premultiplied RGBA; every pixel is opaque (the background is filled), so it equals straight RGBA.
      this.frame = {
        width,
        height,
        rgba: this.canvas.data(),
        rowVersions: new Uint32Array(height).fill(snap.version),
        version: snap.version,
      };
    } else {
      const margin = Math.ceil((MARGIN_UNITS * Math.min(width, height)) / 1080);
      const bands = dirtyBands(this.painted, items, height, margin);
      // The whole scene is redrawn (a clip would change anti-aliasing at its edges); only the dirty rows are read back.
      if (bands.length > 0) drawSnapshot(this.canvas.getContext('2d'), snap, extras);
      for (const band of bands) this.readRows(band, snap.version);
      this.frame = { ...this.frame, version: snap.version };
    }
    this.painted = items;
    return this.frame;
  }

  /** PNG of the current screen (what `screencap -p` writes). */
  async png(): Promise<Buffer> {
    this.render();
    return this.canvas!.encode('png');
  }

  /** Copies the band's rows from the canvas into the frame buffer (getImageData reads only those rows). */
  private readRows(band: Band, version: number): void {
    const { width, rgba, rowVersions } = this.frame!;
    const pixels = this.canvas!.getContext('2d').getImageData(0, band.top, width, band.bottom - band.top).data;
    rgba.set(pixels, band.top * width * 4);
    rowVersions.fill(version, band.top, band.bottom);
  }
}
