// The real DeviceLinks: each link is a view of a device session (electron/device/session), so the executor
// reads the screen, the helper and the input backend from the same owner as the console's directory and mirror.
import type { AdbServer } from '../adb/adb-server';
import { DeviceSession } from '../device/session';
import type { DeviceSessions } from '../device/sessions';
import type { HelperSupervisor } from '../helper/helper-supervisor';
import type { DeviceLink, DeviceLinks } from './device-link';

/** Links over a process's sessions (the console's case): the session the directory and the mirror use. */
export function sessionDeviceLinks(sessions: DeviceSessions): DeviceLinks {
  return { open: async (serial) => sessionLink(await sessions.open(serial)) };
}

/** Links on one adb server without sessions shared with anyone (the CLI, tests): one fresh session per operation. */
export function adbDeviceLinks(adb: AdbServer, helpers: HelperSupervisor): DeviceLinks {
  return { open: async (serial) => adbDeviceLink(adb, helpers, serial) };
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
    shell: (command) => session.shell(command),
    observe: () => session.observe(),
    screenshot: () => session.screenshot(),
    helperState: () => session.helperState(),
  };
}
