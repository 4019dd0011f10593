import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { checkPng } from './png-check';

const png = PNG.sync.write(new PNG({ width: 7, height: 3 }));

describe('checkPng', () => {
  it('reads the size of a complete PNG', () => {
    expect(checkPng(png)).toEqual({ ok: true, width: 7, height: 3 });
  });
  it('refuses every truncation', () => {
    for (let cut = 0; cut < png.length; cut += 1) expect(checkPng(png.subarray(0, cut)).ok).toBe(false);
  });
  it('refuses text such as a shell error', () => {
    expect(checkPng(Buffer.from('/system/bin/sh: screencap: not found\n'.repeat(3)))).toEqual({
      ok: false,
      reason: 'no PNG signature',
    });
  });
  it('refuses a PNG turned into CRLF text by a PTY', () => {
    const crlf = Buffer.from(png.toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
    expect(checkPng(crlf).ok).toBe(false);
  });
});
