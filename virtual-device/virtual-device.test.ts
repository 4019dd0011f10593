import { afterEach, describe, expect, it } from 'vitest';
import { startVirtualDevice, type VirtualDevice } from './virtual-device';

let device: VirtualDevice | null = null;
afterEach(async () => {
  await device?.stop();
  device = null;
});

describe('startVirtualDevice', () => {
  it('advertises its TCP port as service.adb.tcp.port, as adbd does in TCP mode', async () => {
    device = await startVirtualDevice();
    expect(device.android.props.get('service.adb.tcp.port')).toBe(String(device.port));
  });
});
