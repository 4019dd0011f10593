import { describe, expect, it } from 'vitest';
import { adbServerPortFromEnv, formatServer, parseServerAddress, resolveAdbServers } from './server-address';

describe('adbServerPortFromEnv', () => {
  it('follows ANDROID_ADB_SERVER_PORT and defaults to 5037', () => {
    expect(adbServerPortFromEnv({})).toBe(5037);
    expect(adbServerPortFromEnv({ ANDROID_ADB_SERVER_PORT: '' })).toBe(5037);
    expect(adbServerPortFromEnv({ ANDROID_ADB_SERVER_PORT: '15037' })).toBe(15037);
  });
  it('refuses a value that is not a port', () => {
    for (const bad of ['0', '65536', 'abc', '50 37', '-1']) {
      expect(() => adbServerPortFromEnv({ ANDROID_ADB_SERVER_PORT: bad })).toThrow(RangeError);
    }
  });
});

describe('parseServerAddress', () => {
  it('reads host:port, a bare host, a bare port and bracketed IPv6', () => {
    expect(parseServerAddress('10.0.0.2:5038', 5037)).toEqual({ host: '10.0.0.2', port: 5038 });
    expect(parseServerAddress('buildbox', 6000)).toEqual({ host: 'buildbox', port: 6000 });
    expect(parseServerAddress(':5040', 5037)).toEqual({ host: '127.0.0.1', port: 5040 });
    expect(parseServerAddress('5041', 5037)).toEqual({ host: '127.0.0.1', port: 5041 });
    expect(parseServerAddress('[::1]:5042', 5037)).toEqual({ host: '::1', port: 5042 });
    expect(parseServerAddress('[::1]', 5037)).toEqual({ host: '::1', port: 5037 });
  });
  it('refuses malformed addresses', () => {
    for (const bad of ['', 'host:', ':', 'a:b:c', 'host:99999', '[::1]:x'])
      expect(() => parseServerAddress(bad, 5037)).toThrow(RangeError);
  });
  it('formats back, bracketing IPv6', () => {
    expect(formatServer({ host: '::1', port: 5037 })).toBe('[::1]:5037');
    expect(formatServer({ host: 'localhost', port: 5037 })).toBe('localhost:5037');
  });
});

describe('resolveAdbServers', () => {
  it('uses the environment port for the default server and for addresses without a port', () => {
    expect(resolveAdbServers([], { ANDROID_ADB_SERVER_PORT: '7000' })).toEqual([{ host: '127.0.0.1', port: 7000 }]);
    expect(resolveAdbServers(['lab', 'lab:7000', 'other:1'], { ANDROID_ADB_SERVER_PORT: '7000' })).toEqual([
      { host: 'lab', port: 7000 },
      { host: 'other', port: 1 },
    ]);
  });
});
