import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { DeviceChannel } from './adb-server';
import { takeScreenshot } from './screenshot';

const png = Buffer.from(PNG.sync.write(new PNG({ width: 12, height: 5 })));

function channel(bytes: Buffer<ArrayBuffer>, state: string | null): DeviceChannel {
  return {
    address: 'fake:5037',
    shell: async () => '',
    execOut: async (_serial, command) => {
      if (command !== 'screencap -p') throw new Error(`unexpected ${command}`);
      return bytes;
    },
    getProperties: async () => ({}),
    deviceState: async () => state,
  };
}

describe('takeScreenshot', () => {
  it('returns the PNG bytes unchanged with their size', async () => {
    const shot = await takeScreenshot(channel(png, 'device'), 'S');
    expect(shot.png.equals(png)).toBe(true);
    expect([shot.width, shot.height]).toEqual([12, 5]);
  });

  it('turns a cut PNG into DEVICE_LOST when the device left, READ_FAILED otherwise', async () => {
    const cut = Buffer.from(png.subarray(0, png.length - 5));
    await expect(takeScreenshot(channel(cut, 'offline'), 'S')).rejects.toMatchObject({ code: 'DEVICE_LOST' });
    await expect(takeScreenshot(channel(cut, 'device'), 'S')).rejects.toMatchObject({
      code: 'READ_FAILED',
      message: expect.stringContaining('IEND'),
    });
  });
});
