import { describe, expect, it } from 'vitest';
import { GopBuffer, type BufferedFrame } from './gop-buffer';

const frame = (pts: number, keyframe = false, size = 10): BufferedFrame => ({
  data: new Uint8Array(size),
  keyframe,
  pts,
  arrived: pts / 1000,
});
const ptsOf = (b: GopBuffer) => b.snapshot().frames.map((f) => f.pts);

describe('GopBuffer', () => {
  it('holds the newest keyframe and the frames after it, nothing before', () => {
    const b = new GopBuffer();
    b.configuration(new Uint8Array([0, 0, 0, 1, 0x67]));
    b.frame(frame(1)); // a delta without its keyframe cannot be decoded: dropped
    expect(ptsOf(b)).toEqual([]);
    for (const pts of [10, 20, 30]) b.frame(frame(pts, pts === 10));
    expect(ptsOf(b)).toEqual([10, 20, 30]);
    b.frame(frame(40, true));
    b.frame(frame(50));
    expect(ptsOf(b)).toEqual([40, 50]);
    expect(b.snapshot().config).toEqual(new Uint8Array([0, 0, 0, 1, 0x67]));
  });

  it('a new configuration (a new encoder) drops the frames of the old one', () => {
    const b = new GopBuffer();
    b.configuration(new Uint8Array([1]));
    b.frame(frame(10, true));
    b.configuration(new Uint8Array([2]));
    expect(b.snapshot()).toEqual({ config: new Uint8Array([2]), frames: [] });
    b.frame(frame(20));
    expect(ptsOf(b)).toEqual([]);
  });

  it('drops a GOP that outgrows its frame or byte bound and holds nothing until the next keyframe', () => {
    const byFrames = new GopBuffer({ maxFrames: 3, maxBytes: 1e9 });
    for (const pts of [10, 20, 30]) byFrames.frame(frame(pts, pts === 10));
    expect(ptsOf(byFrames)).toEqual([10, 20, 30]);
    byFrames.frame(frame(40));
    byFrames.frame(frame(50));
    expect(ptsOf(byFrames)).toEqual([]);
    byFrames.frame(frame(60, true));
    expect(ptsOf(byFrames)).toEqual([60]);

    const byBytes = new GopBuffer({ maxFrames: 100, maxBytes: 25 });
    byBytes.frame(frame(10, true));
    byBytes.frame(frame(20));
    expect(ptsOf(byBytes)).toEqual([10, 20]);
    byBytes.frame(frame(30));
    expect(ptsOf(byBytes)).toEqual([]);
  });

  it('a snapshot is a copy: later frames do not change it', () => {
    const b = new GopBuffer();
    b.frame(frame(10, true));
    const snap = b.snapshot();
    b.frame(frame(20));
    b.frame(frame(30, true));
    expect(snap.frames.map((f) => f.pts)).toEqual([10]);
  });
});
