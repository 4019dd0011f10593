import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FrameStats, percentile } from './frame-stats';
import { decodeMirrorPacket, encodeMirrorPacket } from './wire';

describe('mirror wire framing', () => {
  it('round-trips packets without copying the payload on decode', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('configuration', 'key', 'delta'), fc.option(fc.double({ noNaN: true }), { nil: undefined }), (data, kind, sentAt) => {
      const p = kind === 'configuration' ? { type: 'configuration' as const, data } : { type: 'data' as const, keyframe: kind === 'key', data };
      const bytes = encodeMirrorPacket({ ...p, ...(sentAt !== undefined && { sentAt }) });
      const back = decodeMirrorPacket(bytes);
      expect(back).toEqual({ ...p, ...(sentAt !== undefined && { sentAt }) });
      expect(back.data.buffer).toBe(bytes.buffer);
    }));
    expect(() => decodeMirrorPacket(Uint8Array.of(7, 0, 0))).toThrow();
  });
});

describe('frame stats', () => {
  it('counts paints in the last second and takes latency percentiles', () => {
    const s = new FrameStats();
    for (let i = 0; i < 90; i++) s.recordPaint(i * 20, i % 10 === 0 ? null : i);
    const snap = s.snapshot(90 * 20);
    expect(snap.fps).toBe(50);
    expect(snap.framesPainted).toBe(90);
    expect(snap.latencyP50).toBe(45);
    expect(percentile([1, 2, 3, 4], 99)).toBe(4);
    expect(percentile([], 50)).toBeNull();
  });
});
