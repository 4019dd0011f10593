// The assembled virtual device (startVirtualDevice): the adb transport in front of the simulated
// Android, served to the stock adb CLI; and the same assembly around injected services.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { createFakeDeviceServices } from '../support/fake-device-services';

const TIMEOUT = 60_000;

describe('startVirtualDevice (transport + simulated Android)', () => {
  let adb: AdbServer;
  beforeAll(async () => {
    adb = await startAdbServer();
  }, TIMEOUT);
  afterAll(async () => adb?.stop());

  it('serves the configured simulated phone to the stock adb CLI', async () => {
    const device = await startVirtualDevice({ width: 720, height: 1600, density: 320, sdk: 33 });
    try {
      expect(device.serial).toBe(`127.0.0.1:${device.port}`);
      await adb.connect(device.serial);
      const sh = (...args: string[]) => adb.adb(['-s', device.serial, 'shell', ...args]).then((r) => r.stdout);
      expect(await sh('getprop', 'ro.build.version.sdk')).toBe('33\n');
      expect(await sh('wm', 'size')).toBe('Physical size: 720x1600\n');
      expect(await sh('wm', 'density')).toBe('Physical density: 320\n');
      const png = await adb.adb(['-s', device.serial, 'exec-out', 'screencap', '-p']);
      expect(png.stdoutBytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      // The PNG IHDR carries the screen size.
      expect([png.stdoutBytes.readUInt32BE(16), png.stdoutBytes.readUInt32BE(20)]).toEqual([720, 1600]);
    } finally {
      await device.stop();
    }
    await adb.waitForState(device.serial, 'offline', 5000);
  });

  it('accepts injected services instead of the simulation', async () => {
    const services = createFakeDeviceServices();
    const device = await startVirtualDevice({ services });
    try {
      expect(device.android).toBe(services);
      await adb.connect(device.serial);
      expect((await adb.adb(['-s', device.serial, 'shell', 'echo', 'injected'])).stdout).toBe('injected\n');
    } finally {
      await device.stop();
    }
  });
});
