// Several adb servers (host:port) used together: the device list across them and finding which one has a serial.
import { AdbServer, type DeviceEntry } from './adb-server';
import { DeviceLayerError } from './errors';
import { resolveAdbServers } from './server-address';

export interface AdbServersOptions {
  /** `host:port` addresses; empty = 127.0.0.1:$ANDROID_ADB_SERVER_PORT (default 5037). */
  addresses?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  /** adb binary used to start a local server that is not running (default: found by find-adb, else `adb`). */
  bin?: string;
  commandTimeoutMs?: number;
}

/** Throws RangeError for a malformed address or ANDROID_ADB_SERVER_PORT (a usage error for the CLI). */
export function openAdbServers(options: AdbServersOptions = {}): AdbServer[] {
  return resolveAdbServers(options.addresses ?? [], options.env ?? process.env).map(
    (a) => new AdbServer({ ...a, bin: options.bin, commandTimeoutMs: options.commandTimeoutMs }),
  );
}

/** Devices of every server; fails with the first server's typed error if any server cannot be asked. */
export async function listAllDevices(servers: readonly AdbServer[]): Promise<DeviceEntry[]> {
  return (await Promise.all(servers.map((s) => s.listDevices()))).flat();
}

/** The server that has `serial`. With a single server it is returned as is: adb itself reports an unknown serial. */
export async function locateDevice(servers: readonly AdbServer[], serial: string): Promise<AdbServer> {
  if (servers.length === 1) return servers[0]!;
  const devices = await listAllDevices(servers);
  const match = devices.find((d) => d.serial === serial);
  if (!match) {
    throw new DeviceLayerError(
      'DEVICE_NOT_FOUND',
      `no device ${JSON.stringify(serial)} on the adb servers ${servers.map((s) => s.address).join(', ')} (see \`tactile devices\`)`,
    );
  }
  return servers.find((s) => s.address === match.server)!;
}
