import { describe, expect, it } from 'vitest';
import { explainPackagingError } from '../../build/packaging-errors.mjs';

describe('explainPackagingError', () => {
  it("names Electron's binary and how to provide it when its download fails", () => {
    const e = new Error('getaddrinfo ENOTFOUND github.com\n    at https://github.com/electron/electron/releases/download/v41.6.1/electron-v41.6.1-linux-x64.zip');
    const line = explainPackagingError(e);
    expect(line).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    expect(line).toContain('electronDist');
    expect(line).not.toContain('\n');
  });
  it('names fpm and the system fpm switch', () => {
    expect(explainPackagingError(new Error('cannot download fpm: ETIMEDOUT'))).toContain('USE_SYSTEM_FPM=true');
  });
  it('keeps the first line of an unrelated error, without a stack', () => {
    expect(explainPackagingError(new Error('icon too small\nmore'))).toBe('icon too small');
  });
});
