// A command whose output ended early either lost its device (killed, unplugged: the adb server closes the
// stream) or misbehaved. Asking the server which one it was gives callers DEVICE_LOST vs READ_FAILED.
import type { DeviceChannel } from './adb-server';
import { DeviceLayerError } from './errors';

export async function incompleteOutputError(
  adb: Pick<DeviceChannel, 'deviceState'>,
  serial: string,
  action: string,
  reason: string,
): Promise<DeviceLayerError> {
  const state = await adb.deviceState(serial).catch(() => null);
  if (state !== 'device') {
    return new DeviceLayerError(
      'DEVICE_LOST',
      `${action} on ${serial}: the device went away during the command (${reason}; state now: ${state ?? 'absent'})`,
    );
  }
  return new DeviceLayerError('READ_FAILED', `${action} on ${serial}: unusable output (${reason})`);
}
