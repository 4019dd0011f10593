import { describe, expect, it } from 'vitest';
import type { DeviceChannel } from './adb-server';
import { getDeviceInfo } from './device-info';
import { android14Fixture } from '../../test/support/android14-fixtures';
import { parseGetprop } from '../../test/support/android-dump-parsers';

const PROPS = {
  'ro.product.model': 'Pixel 8',
  'ro.product.manufacturer': 'Google',
  'ro.build.version.sdk': '34',
  'ro.build.version.release': '14',
};

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
    const info = await getDeviceInfo(
      channel({
        ...base,
        'dumpsys window displays': '  DisplayRotation\n    mRotation=1 mDeferredRotationPauseCount=0\n',
      }),
      'S',
    );
    expect(info).toEqual({
      serial: 'S',
      server: 'fake:5037',
      model: 'Pixel 8',
      manufacturer: 'Google',
      sdk: 34,
      release: '14',
      screen: { width: 1600, height: 720 },
      physical_size: { width: 1080, height: 2400 },
      density: 280,
      rotation: 1,
    });
  });

  it('falls back to dumpsys input for the rotation', async () => {
    const info = await getDeviceInfo(
      channel({
        ...base,
        'dumpsys window displays': 'no rotation here\n',
        'dumpsys input': '    SurfaceOrientation: 2\n',
      }),
      'S',
    );
    expect(info.rotation).toBe(2);
  });

  it('refuses a device whose SDK level is not a number', async () => {
    const shell = { ...base, 'dumpsys window displays': 'mRotation=0\n' };
    await expect(getDeviceInfo(channel(shell, { ...PROPS, 'ro.build.version.sdk': '' }), 'S')).rejects.toMatchObject({
      code: 'READ_FAILED',
    });
  });
});

describe('getDeviceInfo on a real Android 14 phone’s answers (test/fixtures/android14, Pixel 7)', () => {
  it('reads identity, size, density and a locked landscape rotation', async () => {
    const shell = {
      'wm size': android14Fixture('wm-size'),
      'wm density': 'Physical density: 420\n',
      'dumpsys window displays': android14Fixture('dumpsys-window-displays-rotation1'),
    };
    const info = await getDeviceInfo(channel(shell, parseGetprop(android14Fixture('getprop'))), '28031FDH2001GH');
    expect(info).toEqual({
      serial: '28031FDH2001GH',
      server: 'fake:5037',
      model: 'Pixel 7',
      manufacturer: 'Google',
      sdk: 34,
      release: '14',
      screen: { width: 2400, height: 1080 },
      physical_size: { width: 1080, height: 2400 },
      density: 420,
      rotation: 1,
    });
  });
});
