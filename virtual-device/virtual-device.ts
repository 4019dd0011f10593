// The virtual device: the simulated Android (android/) behind the adb device transport (adb/),
// listening on loopback for `adb connect 127.0.0.1:PORT`. Connecting it to an adb server is the
// caller's job (CLI, app start-up), so one device can serve several adb servers.

import { createAdbDeviceServer, type AdbDeviceServer } from './adb/device-server';
import { createSimulatedAndroid, type SimulatedAndroid } from './android/index';
import type { DeviceServices, DeviceStream } from './device-services';
import { createAndroidFileSystem } from './fs/android-tree';
import { LocalSockets } from './android/local-sockets';
import { logVideoPackets } from './scrcpy/video-packet-log';

export interface VirtualDeviceOptions<S extends DeviceServices = SimulatedAndroid> {
  /** TCP port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** Display size and density, API level of the simulated Android (defaults 1080×2400, 420, 34). */
  width?: number;
  height?: number;
  density?: number;
  sdk?: number;
  /** Another Android behind the transport (tests use fakes); its `stop()`, if any, runs on stop. */
  services?: S;
  /** Appends a line per scrcpy video packet sent to this file (scrcpy/video-packet-log.ts), for benchmarks. */
  videoPacketLog?: string;
}

export interface VirtualDevice<S extends DeviceServices = SimulatedAndroid> {
  readonly port: number;
  /** What adb calls it after `adb connect`: `127.0.0.1:PORT`. */
  readonly serial: string;
  /** The simulated Android, for lab access (state, rotation) from tests and the CLI. */
  readonly android: S;
  /** Opens a device→host stream through an `adb reverse` forward for `deviceAddress`. */
  openReverse(deviceAddress: string): Promise<DeviceStream>;
  /** Closes the listener and every adb connection, then stops the simulation. */
  stop(): Promise<void>;
}

export async function startVirtualDevice(
  options?: VirtualDeviceOptions<SimulatedAndroid> & { services?: undefined },
): Promise<VirtualDevice<SimulatedAndroid>>;
export async function startVirtualDevice<S extends DeviceServices>(
  options: VirtualDeviceOptions<S> & { services: S },
): Promise<VirtualDevice<S>>;
export async function startVirtualDevice(
  options: VirtualDeviceOptions<DeviceServices> = {},
): Promise<VirtualDevice<DeviceServices>> {
  const android: DeviceServices & { stop?: () => void } =
    options.services ??
    createSimulatedAndroid({
      fs: createAndroidFileSystem(),
      ...(options.width !== undefined && { width: options.width }),
      ...(options.height !== undefined && { height: options.height }),
      ...(options.density !== undefined && { density: options.density }),
      ...(options.sdk !== undefined && { sdk: options.sdk }),
    });
  let server: AdbDeviceServer;
  try {
    server = await createAdbDeviceServer({
      services: android,
      host: '127.0.0.1',
      ...(options.port !== undefined && { port: options.port }),
    });
  } catch (error) {
    android.stop?.();
    throw error;
  }
  // adbd in TCP mode (`adb tcpip PORT`) advertises its port this way; clients read it to pick the transport.
  if (options.services === undefined)
    (android as SimulatedAndroid).props.set('service.adb.tcp.port', String(server.port));
  // Device processes reach `adb reverse` forwards (scrcpy's default tunnel) through adbd's listeners.
  if (android.sockets instanceof LocalSockets)
    android.sockets.setReverseTunnel((address) => server.openReverse(address));
  const stopLog = options.videoPacketLog ? logVideoPackets(options.videoPacketLog) : async () => undefined;
  let stopped: Promise<void> | null = null;
  return {
    port: server.port,
    serial: `127.0.0.1:${server.port}`,
    android,
    openReverse: (deviceAddress) => server.openReverse(deviceAddress),
    stop() {
      stopped ??= server.close().then(async () => {
        android.stop?.();
        await stopLog();
      });
      return stopped;
    },
  };
}
