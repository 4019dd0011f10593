import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataDir } from './data-dir';
import { fromFileName, toFileName } from './file-names';

describe('data dir', () => {
  it('prefers TACTILE_DATA_DIR, then an absolute XDG_DATA_HOME, then ~/.local/share', () => {
    expect(dataDir({ TACTILE_DATA_DIR: '/x/t', XDG_DATA_HOME: '/xdg' })).toBe('/x/t');
    expect(dataDir({ XDG_DATA_HOME: '/xdg' })).toBe('/xdg/tactile');
    expect(dataDir({ XDG_DATA_HOME: 'relative' })).toMatch(/\/\.local\/share\/tactile$/);
  });
});

describe('file names', () => {
  it('round-trips any value into one safe, non-hidden path segment', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: 'grapheme' }), (value) => {
        const name = toFileName(value);
        expect(name).toMatch(/^[A-Za-z0-9_%-][A-Za-z0-9._%-]*$/);
        expect(fromFileName(name)).toBe(value);
      }),
    );
    expect(toFileName('192.168.1.5:5555')).toBe('192.168.1.5%3A5555');
    expect(toFileName('..')).toBe('%2E.');
  });
});
