import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FlvAvcDemuxer, type AvcUnit } from './flv-avc-demuxer';

const u24 = (n: number) => [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
function tag(type: number, data: number[]): number[] {
  const head = [type, ...u24(data.length), 0, 0, 0, 0, 0, 0, 0];
  const size = head.length + data.length;
  return [...head, ...data, (size >>> 24) & 0xff, (size >> 16) & 0xff, (size >> 8) & 0xff, size & 0xff];
}
const sps = [0x67, 0x42, 0xc0, 0x33];
const pps = [0x68, 0xce, 0x3c, 0x80];
const avcC = [1, 0x42, 0xc0, 0x33, 0xff, 0xe1, 0, sps.length, ...sps, 1, 0, pps.length, ...pps];
const flv = [
  0x46,
  0x4c,
  0x56,
  1,
  1,
  0,
  0,
  0,
  9,
  0,
  0,
  0,
  0,
  ...tag(18, [2, 0, 10]), // script data: ignored
  ...tag(9, [0x17, 0, 0, 0, 0, ...avcC]),
  ...tag(9, [0x17, 1, 0, 0, 0, 0, 0, 0, 2, 0x65, 0xaa, 0, 0, 0, 1, 0x06]),
  ...tag(9, [0x27, 1, 0, 0, 0, 0, 0, 0, 3, 0x41, 1, 2]),
];

const expected: AvcUnit[] = [
  { kind: 'config', annexB: Uint8Array.of(0, 0, 0, 1, ...sps, 0, 0, 0, 1, ...pps) },
  { kind: 'frame', keyFrame: true, annexB: Uint8Array.of(0, 0, 0, 1, 0x65, 0xaa, 0, 0, 0, 1, 0x06) },
  { kind: 'frame', keyFrame: false, annexB: Uint8Array.of(0, 0, 0, 1, 0x41, 1, 2) },
];

describe('FLV → Annex B access units', () => {
  it('turns the sequence header into SPS/PPS and NALU tags into Annex B frames', () => {
    expect(new FlvAvcDemuxer().push(Uint8Array.from(flv))).toEqual(expected);
  });

  it('is independent of how stdout is chunked', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: flv.length - 1 }), { maxLength: 25 }), (cuts) => {
        const d = new FlvAvcDemuxer();
        const pts = [0, ...cuts.sort((a, b) => a - b), flv.length];
        const got: AvcUnit[] = [];
        for (let i = 0; i + 1 < pts.length; i++) got.push(...d.push(Uint8Array.from(flv.slice(pts[i], pts[i + 1]))));
        expect(got).toEqual(expected);
      }),
    );
  });

  it('refuses output that is not FLV', () => {
    expect(() => new FlvAvcDemuxer().push(new Uint8Array(20))).toThrow(/not FLV/);
  });
});
