import { describe, expect, it } from 'vitest';
import type { AdbServer } from '../adb/adb-server';
import type { HelperChannel, HelperSupervisor } from '../helper';
import type { InputBackend } from '../input/input-backend';
import { adbDeviceLink } from './adb-device-link';

const scrcpyBackend: InputBackend = {
  kind: 'scrcpy',
  capabilities: ['inject.single_pointer', 'inject.multi_pointer'],
  dispatch: async () => ({ ok: true, dispatched: 0, device_times_ms: null }) as never,
};

function supervisor(connected: boolean): HelperSupervisor {
  const status = connected
    ? { state: 'connected', channel: { info: { capabilities: ['inject.multi_pointer'] } } as unknown as HelperChannel, install: null }
    : { state: 'unavailable', code: 'CAPABILITY_UNAVAILABLE', message: 'no helper', install: null };
  return { ensure: async () => status } as unknown as HelperSupervisor;
}

const adb = {} as AdbServer;

describe('adbDeviceLink input backend choice', () => {
  it('takes the helper when it is connected, even with a live mirror', async () => {
    const link = adbDeviceLink(adb, supervisor(true), 'dev', () => scrcpyBackend);
    expect((await link.input()).kind).toBe('helper');
  });

  it("takes the live mirror's scrcpy control socket when the helper is not running", async () => {
    const link = adbDeviceLink(adb, supervisor(false), 'dev', (serial) => (serial === 'dev' ? scrcpyBackend : null));
    expect(await link.input()).toBe(scrcpyBackend);
  });

  it('falls back to adb shell input without a helper or a mirror', async () => {
    expect((await adbDeviceLink(adb, supervisor(false), 'dev', () => null).input()).kind).toBe('adb_input');
    expect((await adbDeviceLink(adb, supervisor(false), 'dev').input()).kind).toBe('adb_input');
  });
});
