import { describe, expect, it } from 'vitest';
import { OPERATOR_REQUESTS, TRANSFER_CHUNK_BYTES } from '../ipc';
import { exportName, fileTime, overlayName } from './export-name';

const save = OPERATOR_REQUESTS['capture.save'].request;

describe('overlay file names', () => {
  it('puts _overlay before the extension of the plain name', () => {
    const plain = exportName(
      ['Tactile Virtual Phone', '127.0.0.1:5555', fileTime(Date.UTC(2026, 11, 1, 9, 15, 0))],
      'png',
    );
    expect(plain).toBe('Tactile_Virtual_Phone_127.0.0.1_5555_20261201-091500.png');
    expect(overlayName(plain)).toBe('Tactile_Virtual_Phone_127.0.0.1_5555_20261201-091500_overlay.png');
    expect(overlayName('a_b.mp4')).toBe('a_b_overlay.mp4');
  });

  it('capture.save takes only overlay names without a path, and chunks up to the transfer chunk size', () => {
    const ok = { name: 'a_overlay.png', offset: 0, data: new Uint8Array(1), done: true };
    expect(save.safeParse(ok).success).toBe(true);
    for (const name of ['a.png', '../a_overlay.png', 'x/a_overlay.mp4', '.a_overlay.png', 'a_overlay.webm']) {
      const r = save.safeParse({ ...ok, name });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual(['name']);
    }
    const big = save.safeParse({ ...ok, data: new Uint8Array(TRANSFER_CHUNK_BYTES + 1) });
    expect(big.error!.issues[0]!.path).toEqual(['data']);
    expect(save.safeParse({ ...ok, offset: -1 }).error!.issues[0]!.path).toEqual(['offset']);
  });
});
