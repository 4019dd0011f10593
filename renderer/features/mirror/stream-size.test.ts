import { describe, expect, it } from 'vitest';
import { needsRenegotiation, stageMaxSize } from './stream-size';

const phone = { width: 1080, height: 2400 };

describe('the stream size the stage needs', () => {
  it('is the drawn picture in device pixels, rounded up to scrcpy’s multiple of 8; full size once the stage needs every pixel', () => {
    // README's stage: 330×734 CSS px at DPR 1 → 734 → 736.
    expect(stageMaxSize({ width: 330, height: 734 }, 1, phone)).toBe(736);
    expect(stageMaxSize({ width: 330, height: 734 }, 2, phone)).toBe(1472);
    expect(stageMaxSize({ width: 330, height: 734 }, 3.27, phone)).toBe(0); // 2401 px: the whole device
    expect(stageMaxSize({ width: 1080, height: 2400 }, 1, phone)).toBe(0);
    expect(stageMaxSize({ width: 0, height: 0 }, 1, phone)).toBe(0);
    // Landscape: the longest side is the width.
    expect(stageMaxSize({ width: 800, height: 360 }, 1, { width: 2400, height: 1080 })).toBe(800);
  });

  it('is asked again when the stage needs more than the stream has, or less than half of it', () => {
    expect(needsRenegotiation(736, 736, phone)).toBe(false);
    expect(needsRenegotiation(736, 800, phone)).toBe(true); // zoomed beyond it
    expect(needsRenegotiation(736, 0, phone)).toBe(true);
    expect(needsRenegotiation(0, 1472, phone)).toBe(false); // full size, stage needs 61 %: keep it
    expect(needsRenegotiation(0, 1200, phone)).toBe(true);
    expect(needsRenegotiation(0, 0, phone)).toBe(false);
    expect(needsRenegotiation(2400, 0, phone)).toBe(false); // the same stream
  });
});
