import { describe, expect, it } from 'vitest';
import { AdbServer } from './adb-server';

describe('AdbServer.push', () => {
  it('refuses a missing local file as INVALID_ARGUMENT naming it, without contacting adb', async () => {
    // Port 1 and no adb binary: any adb contact would fail as ADB_UNAVAILABLE instead.
    const adb = new AdbServer({ host: '127.0.0.1', port: 1, bin: '/nonexistent/adb' });
    await expect(adb.push('S', '/nonexistent/payload.bin', '/data/local/tmp/x')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('/nonexistent/payload.bin'),
    });
  });
});
