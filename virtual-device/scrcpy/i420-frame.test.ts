// I420Frame converts like ffmpeg's swscale (what the encoder did before it took I420), and converting only
// the rows whose version changed yields the same bytes as converting everything.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { I420Frame } from './i420-frame';

const W = 16;
const H = 10;

function randomRgba(seed: number, w = W, h = H): Uint8Array {
  const out = new Uint8Array(w * h * 4);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    s = (s * 1664525 + 1013904223) >>> 0;
    out[i] = i % 4 === 3 ? 255 : s >>> 24;
  }
  return out;
}

function convert(rgba: Uint8Array, w = W, h = H): Uint8Array {
  const f = new I420Frame(w, h);
  const out = new Uint8Array(f.byteLength);
  f.update(rgba, new Uint32Array(h));
  f.copyTo(out);
  return out;
}

describe('I420Frame', () => {
  it('matches ffmpeg swscale rgba → yuv420p: luma of any picture, chroma of flat colours', () => {
    const swscale = (rgba: Uint8Array) => {
      const ff = spawnSync(
        'ffmpeg',
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgba',
          '-video_size',
          `${W}x${H}`,
          '-i',
          'pipe:0',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'yuv420p',
          'pipe:1',
        ],
        { input: rgba },
      );
      expect(ff.status).toBe(0);
      return new Uint8Array(ff.stdout);
    };
    const worst = (a: Uint8Array, b: Uint8Array) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));
    const picture = randomRgba(7);
    // swscale filters chroma across neighbouring pixels (its own siting), so only luma compares pixel by pixel.
    expect(worst(convert(picture).subarray(0, W * H), swscale(picture).subarray(0, W * H))).toBeLessThanOrEqual(1);
    const flat = new Uint8Array(W * H * 4);
    for (const [r, g, b] of [
      [0x3f, 0x51, 0xb5],
      [0xff, 0x52, 0x52],
      [0x26, 0x32, 0x38],
      [0x4d, 0xb6, 0xac],
      [0xff, 0xc1, 0x07],
    ]) {
      for (let i = 0; i < W * H; i++) flat.set([r!, g!, b!, 255], i * 4);
      expect(worst(convert(flat), swscale(flat))).toBeLessThanOrEqual(1);
    }
  });

  it('known colours: white, black and the lab primary in BT.601 limited range', () => {
    const px = (r: number, g: number, b: number) => {
      const rgba = new Uint8Array(2 * 2 * 4);
      for (let i = 0; i < 4; i++) rgba.set([r, g, b, 255], i * 4);
      return [...convert(rgba, 2, 2)];
    };
    expect(px(255, 255, 255)).toEqual([235, 235, 235, 235, 128, 128]);
    expect(px(0, 0, 0)).toEqual([16, 16, 16, 16, 128, 128]);
    expect(px(0x3f, 0x51, 0xb5)).toEqual([91, 91, 91, 91, 175, 113]);
  });

  it('converting changed rows only equals converting the whole frame (odd sizes too)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
        (w, h, edits) => {
          const rgba = randomRgba(w * 31 + h, w, h);
          const versions = new Uint32Array(h);
          const f = new I420Frame(w, h);
          f.update(rgba, versions);
          let v = 0;
          for (const [row, seed] of edits) {
            const y = row % h;
            rgba.set(randomRgba(seed, w, 1), y * w * 4);
            versions[y] = ++v;
            expect(f.update(rgba, versions)).toBe(1);
          }
          const out = new Uint8Array(f.byteLength);
          f.copyTo(out);
          expect(out).toEqual(convert(rgba, w, h));
          expect(f.update(rgba, versions)).toBe(0);
        },
      ),
    );
  });
});
