import { describe, expect, it } from 'vitest';
import { normalizeRect } from './normalize';

const SCREEN = { width: 1080, height: 2400 };

describe('normalizeRect', () => {
  it('maps a full-screen node to [0, 0, 1000, 1000]', () => {
    expect(normalizeRect([0, 0, 1080, 2400], SCREEN)).toEqual([0, 0, 1000, 1000]);
  });

  it('maps the last covered pixel of exclusive right/bottom edges', () => {
    // 539 px * 1000 / 1079 = 499.5 → 500 (half up); 1199 * 1000 / 2399 = 499.79 → 500
    expect(normalizeRect([0, 0, 540, 1200], SCREEN)).toEqual([0, 0, 500, 500]);
  });

  it('keeps an empty node empty instead of inverting it', () => {
    expect(normalizeRect([540, 1200, 540, 1200], SCREEN)).toEqual([500, 500, 500, 500]);
  });
});
