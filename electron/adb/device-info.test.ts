import { describe, expect, it } from 'vitest';
import type { DeviceChannel } from './adb-server';
import { getDeviceInfo } from './device-info';

const PROPS = { 'ro.product.model': 'Pixel 8', 'ro.product.manufacturer': 'Google', 'ro.build.version.sdk': '34', 'ro.build.version.release': '14' };

function channel(shell: Record<string, string>, props: Record<string, string> = PROPS): DeviceChannel {
  return {
    address: 'fake:5037',
    shell: async (_serial, command) => {
      const out = shell[command];
      if (out === undefined) throw new Error(`unexpected shell ${command}`);
      return out;
    },
    execOut: async () => Buffer.alloc(0),
    getProperties: async () => props,
    deviceState: async () => 'device',
  };
}

const base = {
  'wm size': 'Physical size: 1080x2400\nOverride size: 720x1600\n',
  'wm density': 'Physical density: 420\nOverride density: 280\n',
};

describe('getDeviceInfo', () => {
  it('combines getprop, wm size/density and the rotation from dumpsys window', async () => {
    const info = await getDeviceInfo(channel({ ...base, 'dumpsys window displays': '  DisplayRotation\n    mRotation=1 mDeferredRotationPauseCount=0\n' }), 'S');
    expect(info).toEqual({
      serial: 'S', server: 'fake:5037', model: 'Pixel 8', manufacturer: 'Google', sdk: 34, release: '14',
      screen: { width: 1600, height: 720 }, physical_size: { width: 1080, height: 2400 }, density: 280, rotation: 1,
    });
  });

  it('falls back to dumpsys input for the rotation', async () => {
    const info = await getDeviceInfo(channel({ ...base, 'dumpsys window displays': 'no rotation here\n', 'dumpsys input': '    SurfaceOrientation: 2\n' }), 'S');
    expect(info.rotation).toBe(2);
  });

  it('refuses a device whose SDK level is not a number', async () => {
    const shell = { ...base, 'dumpsys window displays': 'mRotation=0\n' };
    await expect(getDeviceInfo(channel(shell, { ...PROPS, 'ro.build.version.sdk': '' }), 'S')).rejects.toMatchObject({ code: 'READ_FAILED' });
  });
});
