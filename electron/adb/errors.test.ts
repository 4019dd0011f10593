import { describe, expect, it } from 'vitest';
import { Parser } from './adbkit';
import { classifyAdbError, DeviceLayerError } from './errors';

const ctx = { server: '127.0.0.1:5999', serial: 'emulator-5554', action: 'screencap' };
const errno = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5999`), { code });

describe('classifyAdbError', () => {
  it('maps a missing adb binary to ADB_UNAVAILABLE with the install hint', () => {
    const e = classifyAdbError(errno('ENOENT'), ctx);
    expect(e.code).toBe('ADB_UNAVAILABLE');
    expect(e.message).toMatch(/apt-get install adb/);
    expect(e.message).toMatch(/platform-tools/i);
  });
  it('maps an unreachable server to ADB_UNAVAILABLE', () => {
    expect(classifyAdbError(errno('ECONNREFUSED'), ctx)).toMatchObject({
      code: 'ADB_UNAVAILABLE',
      message: expect.stringContaining('127.0.0.1:5999'),
    });
  });
  it("maps adb's device-not-found failure to DEVICE_NOT_FOUND naming the serial", () => {
    const e = classifyAdbError(new Parser.FailError("device 'emulator-5554' not found"), ctx);
    expect(e).toMatchObject({ code: 'DEVICE_NOT_FOUND', message: expect.stringContaining('"emulator-5554"') });
  });
  it('maps an offline device and a connection closed mid-command to DEVICE_LOST', () => {
    expect(classifyAdbError(new Parser.FailError('device offline'), ctx).code).toBe('DEVICE_LOST');
    expect(classifyAdbError(new Parser.PrematureEOFError(4), ctx).code).toBe('DEVICE_LOST');
  });
  it('keeps typed errors and reports anything else as INTERNAL', () => {
    const typed = new DeviceLayerError('TIMEOUT', 'slow');
    expect(classifyAdbError(typed, ctx)).toBe(typed);
    expect(classifyAdbError(new Error('weird'), ctx)).toMatchObject({
      code: 'INTERNAL',
      message: 'screencap on emulator-5554: weird',
    });
  });
  it('serializes as a TactileError', () => {
    expect(JSON.parse(JSON.stringify(new DeviceLayerError('DEVICE_LOST', 'gone')))).toEqual({
      code: 'DEVICE_LOST',
      path: '',
      message: 'gone',
    });
  });
});
