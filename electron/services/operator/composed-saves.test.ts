import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ComposedSaves } from './composed-saves';

describe('composed saves', () => {
  it('writes chunks into a hidden partial file and renames it into exports only when done', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'composed-')), 'exports');
    const saves = new ComposedSaves(dir);
    expect(saves.write('a_overlay.png', 0, Uint8Array.of(1, 2), false)).toEqual({ received: 2, saved: null });
    expect(readdirSync(dir)).toEqual(['.a_overlay.png.part']);
    const done = saves.write('a_overlay.png', 2, Uint8Array.of(3), true);
    expect(done).toEqual({ received: 3, saved: { name: 'a_overlay.png', path: join(dir, 'a_overlay.png'), size: 3 } });
    expect(readdirSync(dir)).toEqual(['a_overlay.png']);
    expect([...readFileSync(join(dir, 'a_overlay.png'))]).toEqual([1, 2, 3]);
  });

  it('refuses a chunk that does not follow the bytes written, naming both offsets', () => {
    const saves = new ComposedSaves(join(mkdtempSync(join(tmpdir(), 'composed-')), 'exports'));
    saves.write('b_overlay.mp4', 0, Uint8Array.of(1), false);
    expect(() => saves.write('b_overlay.mp4', 5, Uint8Array.of(2), true)).toThrow(/chunk at 5 but 1 bytes/);
    expect(() => saves.write('c_overlay.mp4', 3, Uint8Array.of(2), true)).toThrow(/chunk at 3 but 0 bytes/);
  });
});
