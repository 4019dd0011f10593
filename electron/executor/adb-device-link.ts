// The real DeviceLink: adbkit on one adb server, the helper supervisor, shell input as the fallback.
import type { AdbServer } from '../adb/adb-server';
import { getDeviceInfo } from '../adb/device-info';
import { observe } from '../adb/observe';
import { takeScreenshot } from '../adb/screenshot';
import { HelperSupervisor } from '../helper/helper-supervisor';
import { locateDevice } from '../adb/servers';
import { deviceResolver } from '../device/identity';
import { AdbShellInput } from '../input/adb-input';
import { HelperInput } from '../input/helper-input';
import type { InputBackend } from '../input/input-backend';
import type { DeviceLink, DeviceLinks } from './device-link';

/**
 * A live scrcpy control socket for the serial (the console's mirror), or null. It is the multi-finger backend
 * when the helper is not running; it never takes over input already sent through another backend.
 */
export type ScrcpyInputSource = (serial: string) => InputBackend | null;

export function adbDeviceLinks(adb: AdbServer, helpers: HelperSupervisor, scrcpy?: ScrcpyInputSource): DeviceLinks {
  return { open: async (serial) => adbDeviceLink(adb, helpers, serial, scrcpy), resolve: deviceResolver([adb]) };
}

/** Links over several adb servers (the console's case): each serial is found on its server, one helper supervisor per server. */
export function serverDeviceLinks(servers: readonly AdbServer[], scrcpy?: ScrcpyInputSource): DeviceLinks & { stop(): void } {
  const supervisors = new Map<string, HelperSupervisor>();
  return {
    resolve: deviceResolver(servers),
    async open(serial) {
      const adb = await locateDevice(servers, serial);
      let helpers = supervisors.get(adb.address);
      if (!helpers) supervisors.set(adb.address, (helpers = new HelperSupervisor(adb)));
      return adbDeviceLink(adb, helpers, serial, scrcpy);
    },
    stop() {
      for (const h of supervisors.values()) h.stopAll();
      supervisors.clear();
    },
  };
}

export function adbDeviceLink(adb: AdbServer, helpers: HelperSupervisor, serial: string, scrcpy?: ScrcpyInputSource): DeviceLink {
  const shell = (command: string) => adb.shell(serial, command, { action: command.split(' ').slice(0, 2).join(' ') });
  const native = async () => {
    const status = await helpers.ensure(serial);
    return status.state === 'connected' ? status.channel : null;
  };
  return {
    serial,
    async screen() {
      // The helper's observe carries the display in one round trip; without it, wm size + rotation.
      const channel = await native();
      const reply = channel ? await channel.request('observe', {}, 'screen-size').catch(() => null) : null;
      if (reply?.ok) return reply.result.display;
      return (await getDeviceInfo(adb, serial)).screen;
    },
    native,
    async input() {
      const channel = await native();
      if (channel) return new HelperInput(channel);
      return scrcpy?.(serial) ?? new AdbShellInput(shell);
    },
    shell,
    async observe() {
      const o = await observe(adb, serial);
      return { screen: o.screen, nodes: o.nodes };
    },
    screenshot: () => takeScreenshot(adb, serial),
    async helperState() {
      const status = await helpers.ensure(serial);
      const install = status.install === null ? null : status.install.pushed ? `pushed helper ${status.install.sha256}` : status.install.message;
      return { problem: status.state === 'connected' ? null : status.message, install };
    },
  };
}
