import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { videoPixelFor } from './scrcpy-input';

describe('device pixel → scrcpy video pixel', () => {
  it('returns a video pixel that scrcpy maps back exactly, or null', () => {
    fc.assert(fc.property(fc.integer({ min: 100, max: 2400 }), fc.integer({ min: 8, max: 2400 }), fc.nat(), (screen, videoRaw, dRaw) => {
      const video = Math.min(videoRaw, screen);
      const d = dRaw % screen;
      const v = videoPixelFor(d, video, screen);
      if (v !== null) {
        expect(Math.trunc((v * screen) / video)).toBe(d);
        expect(v).toBeLessThan(video);
      }
    }));
    expect(videoPixelFor(599, 1080, 1080)).toBe(599);
    expect(videoPixelFor(1200, 1200, 2400)).toBe(600);
    expect(videoPixelFor(1201, 1200, 2400)).toBeNull(); // odd device rows are unreachable at half size
  });
});
