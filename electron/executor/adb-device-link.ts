// The real DeviceLinks: each link is a view of a device session (electron/device/session), so the executor
// reads the screen, the helper and the input backend from the same owner as the console's directory and mirror.
// Every link set also resolves the serial a caller gives through adb (electron/device/identity) to the device's
// identity, which the lock and the receipts are keyed by.
import type { AdbServer } from '../adb/adb-server';
import { deviceResolver } from '../device/identity';
import { DeviceSession } from '../device/session';
import { DeviceSessions } from '../device/sessions';
import type { HelperSupervisor } from '../helper/helper-supervisor';
import type { DeviceLink, DeviceLinks } from './device-link';
import { pushCounting } from './push-counting';

/** Links over a process's sessions (the console's case): the session the directory and the mirror use. */
export function sessionDeviceLinks(sessions: DeviceSessions): DeviceLinks {
  return { open: async (serial) => sessionLink(await sessions.open(serial)), resolve: sessions.resolve };
}

/**
 * Links over several adb servers for one command (the CLI) or one agent server (`watchTransports`: tactile mcp and
 * tactile bridge follow reconnects, as the console does): sessions of their own, stopped with the links.
 */
export function serverDeviceLinks(
  servers: readonly AdbServer[],
  options: { watchTransports?: boolean } = {},
): DeviceLinks & { stop(): void } {
  const sessions = new DeviceSessions(servers);
  if (options.watchTransports) void sessions.watchTransports();
  return { ...sessionDeviceLinks(sessions), stop: () => sessions.stop() };
}

/** Links on one adb server without sessions shared with anyone (tests): one fresh session per operation. */
export function adbDeviceLinks(adb: AdbServer, helpers: HelperSupervisor): DeviceLinks {
  return { open: async (serial) => adbDeviceLink(adb, helpers, serial), resolve: deviceResolver([adb]) };
}

export function adbDeviceLink(adb: AdbServer, helpers: HelperSupervisor, serial: string): DeviceLink {
  return sessionLink(new DeviceSession(adb, helpers, serial));
}

/** The executor's view of a session, as a plain object (callers may wrap or override single methods). */
export function sessionLink(session: DeviceSession): DeviceLink {
  return {
    serial: session.serial,
    screen: () => session.screen(),
    native: () => session.native(),
    input: () => session.input(),
    liveInput: () => session.liveInput(),
    shell: (command) => session.shell(command),
    observe: () => session.observe(),
    screenshot: () => session.screenshot(),
    helperState: () => session.helperState(),
    mirrorControl: () => session.mirrorControl(),
    screenUnchangedSince: (t) => session.screenUnchangedSince(t),
    devices: () => session.adb.listDevices(),
    push: (localPath, remotePath, onBytes) => pushCounting(session.adb, session.serial, localPath, remotePath, onBytes),
  };
}
