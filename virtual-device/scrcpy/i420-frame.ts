// Keeps the screen as an I420 (yuv420p) frame for the encoder, converting only the rows that changed since
// the last frame (the screen reports a version per row). Converting all 2.6 MP in ffmpeg's swscale each frame cost about as much as x264 itself, and
// piping RGBA moved 10 MB a frame instead of 3.9 MB; a timeline step changes ~15% of the rows.
// Hand-written because no npm package converts a row range into an existing buffer. BT.601 limited range,
// chroma averaged over 2×2 pixels: what swscale produces for rgba → yuv420p by default. Coefficients are
// the BT.601 ones in 16-bit fixed point (chroma sums 4 pixels, hence the shift by 18).

export class I420Frame {
  /** Per row, the row version last converted (0xffffffff: never). */
  private readonly converted: Uint32Array;
  private readonly yuv: Uint8Array;
  private readonly chromaWidth: number;
  private readonly chromaHeight: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.converted = new Uint32Array(height).fill(0xffffffff);
    this.chromaWidth = Math.ceil(width / 2);
    this.chromaHeight = Math.ceil(height / 2);
    this.yuv = new Uint8Array(width * height + 2 * this.chromaWidth * this.chromaHeight);
  }

  /** Bytes of one I420 frame. */
  get byteLength(): number {
    return this.yuv.length;
  }

  /**
   * Brings the I420 frame up to date with `rgba` (width × height × 4), converting the row pairs whose
   * `rowVersions` differ from the last conversion; returns how many row pairs were converted.
   */
  update(rgba: Uint8Array, rowVersions: Uint32Array): number {
    const { width, height, converted } = this;
    if (rgba.length !== width * height * 4 || rowVersions.length !== height) {
      throw new Error(`Frame is ${rgba.length} bytes and ${rowVersions.length} rows, expected ${width}×${height}`);
    }
    let changed = 0;
    for (let cy = 0; cy < this.chromaHeight; cy++) {
      const y0 = cy * 2;
      const y1 = Math.min(y0 + 1, height - 1);
      if (converted[y0] === rowVersions[y0] && converted[y1] === rowVersions[y1]) continue;
      this.convertRowPair(rgba, cy);
      converted[y0] = rowVersions[y0]!;
      converted[y1] = rowVersions[y1]!;
      changed++;
    }
    return changed;
  }

  /** The current frame copied into `out` (so the next update cannot change bytes still in the encoder's pipe). */
  copyTo(out: Uint8Array): void {
    out.set(this.yuv);
  }

  private convertRowPair(src: Uint8Array, cy: number): void {
    const { width, height, yuv, chromaWidth } = this;
    const y0 = cy * 2;
    const y1 = Math.min(y0 + 1, height - 1);
    const uBase = width * height + cy * chromaWidth;
    const vBase = uBase + chromaWidth * this.chromaHeight;
    for (const y of y0 === y1 ? [y0] : [y0, y1]) {
      let s = y * width * 4;
      let d = y * width;
      for (let x = 0; x < width; x++, s += 4)
        yuv[d++] = ((16829 * src[s]! + 33039 * src[s + 1]! + 6416 * src[s + 2]! + 32768) >> 16) + 16;
    }
    const row0 = y0 * width * 4;
    const row1 = y1 * width * 4;
    for (let cx = 0; cx < chromaWidth; cx++) {
      const a = row0 + cx * 8;
      const b = cx * 2 + 1 < width ? a + 4 : a;
      const c = row1 + cx * 8;
      const e = cx * 2 + 1 < width ? c + 4 : c;
      const r = src[a]! + src[b]! + src[c]! + src[e]!;
      const g = src[a + 1]! + src[b + 1]! + src[c + 1]! + src[e + 1]!;
      const bl = src[a + 2]! + src[b + 2]! + src[c + 2]! + src[e + 2]!;
      yuv[uBase + cx] = ((-9714 * r - 19070 * g + 28784 * bl + 131072) >> 18) + 128;
      yuv[vBase + cx] = ((28784 * r - 24103 * g - 4681 * bl + 131072) >> 18) + 128;
    }
  }
}
