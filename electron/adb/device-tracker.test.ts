import { describe, expect, it } from 'vitest';
import { isNetworkSerial } from './device-tracker';

describe('isNetworkSerial (devices reconnected after an adb server restart)', () => {
  it('is true for host:port serials and false for USB, emulator and mDNS serials', () => {
    for (const s of ['127.0.0.1:6621', '192.168.1.20:5555', 'phone.lan:5555']) expect(isNetworkSerial(s)).toBe(true);
    for (const s of ['emulator-5554', 'R58M123ABC', 'adb-R58M123ABC-xyz._adb-tls-connect._tcp', '127.0.0.1:', ':5555', '127.0.0.1:5555\n']) {
      expect(isNetworkSerial(s)).toBe(false);
    }
  });
});
