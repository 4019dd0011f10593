// The virtual device the console starts when no device is attached, so Tactile is usable out of the box.
// It is connected to the first adb server like any TCP device and disconnected again on stop.
import type { AdbServer } from '../adb';

export interface EmbeddedDevice {
  readonly serial: string;
  stop(): Promise<void>;
}

/** What is started: the virtual device's port and how to stop it. */
export interface StartedDevice {
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * `start` builds the device; the default loads it on demand (the simulation — canvas, lab — is heavy and not
 * needed when a phone is attached). Tests and benches pass their own to keep a handle on the simulation.
 */
export async function startEmbeddedDevice(
  adb: AdbServer,
  start?: () => Promise<StartedDevice>,
): Promise<EmbeddedDevice> {
  const device = start
    ? await start()
    : await (await import('../../virtual-device/virtual-device')).startVirtualDevice();
  let serial: string;
  try {
    serial = await adb.connect(`127.0.0.1:${device.port}`);
    await adb.waitForDevice(serial);
  } catch (error) {
    await device.stop();
    throw error;
  }
  return {
    serial,
    async stop() {
      await adb.disconnect(serial).catch(() => undefined);
      await device.stop();
    },
  };
}
