// The encoder as a phone's MediaCodec gives it: the first keyframe shows the picture at the bit rate asked
// (not a grey frame starved by a rate control that took the Matroska time base for the frame rate), pixels are
// square after max_size scaling (no aspect ratio in the SPS that a decoder would stretch the picture by), and a
// keyframe asked for comes from the same process. Decoded back with Debian's ffmpeg.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FfmpegH264Encoder, type EncodedUnit } from './ffmpeg-h264-encoder';

const W = 324;
const H = 720;
const dir = mkdtempSync(join(tmpdir(), 'tactile-x264-'));

/** Left half white, right half black (I420, BT.601 limited range). */
function halves(): Uint8Array {
  const frame = new Uint8Array((W * H * 3) / 2);
  for (let i = 0; i < W * H; i++) frame[i] = i % W < W / 2 ? 235 : 16;
  frame.fill(128, W * H);
  return frame;
}

describe('FfmpegH264Encoder', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('encodes the first keyframe with its picture, square pixels at a scaled size, and a requested keyframe without a restart', async () => {
    const units: EncodedUnit[] = [];
    const encoder = new FfmpegH264Encoder(
      { inputWidth: W, inputHeight: H, outputWidth: 160, outputHeight: 352, bitRate: 8_000_000, keyFrameInterval: 180 },
      (unit) => units.push(unit),
      () => undefined,
    );
    try {
      for (let f = 0; f < 4; f++) await encoder.encode(halves(), BigInt(f * 16_000), f === 3);
      await expect.poll(() => units.filter((u) => u.kind === 'frame').length, { timeout: 20_000 }).toBe(4);
    } finally {
      encoder.close();
    }
    expect(units.map((u) => (u.kind === 'frame' ? u.keyFrame : 'config'))).toEqual([
      'config',
      true,
      false,
      false,
      true,
    ]);

    const file = join(dir, 'stream.h264');
    writeFileSync(file, Buffer.concat(units.slice(0, 2).map((u) => u.annexB)));
    const probe = spawnSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=width,height,sample_aspect_ratio', '-of', 'json', file],
      { encoding: 'utf8' },
    );
    const stream = (
      JSON.parse(probe.stdout) as { streams: Array<{ width: number; height: number; sample_aspect_ratio?: string }> }
    ).streams[0]!;
    expect(stream).toMatchObject({ width: 160, height: 352 });
    expect(stream.sample_aspect_ratio ?? '1:1').toBe('1:1');
    const gray = spawnSync(
      'ffmpeg',
      ['-v', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
      { maxBuffer: 1 << 20 },
    ).stdout;
    expect(gray.length).toBe(160 * 352);
    const row = 176 * 160;
    expect(gray[row + 20]).toBeGreaterThan(220); // white stays white
    expect(gray[row + 140]).toBeLessThan(40); // black stays black
  }, 60_000);
});
