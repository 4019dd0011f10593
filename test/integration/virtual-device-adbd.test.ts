// The stock adb CLI against the virtual device's adbd services on its userdebug build (ro.build.type,
// ro.debuggable=1): `adb root`/`unroot` restart adbd (the connection drops, the adb server reconnects) and the
// shell then runs as root/shell; `adb remount` refuses the shell user and succeeds for root; `adb reboot` takes
// the device down and back with its RAM state gone; `adb tcpip` restarts adbd in TCP mode. Plus the shell
// user's permission answers through adb: setprop of a protected property, writes to /data and the root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer } from '../support/adb-server';

const TIMEOUT = 90_000;

describe('adbd services of a userdebug build, through the stock adb CLI', () => {
  let server: AdbServer;
  let device: VirtualDevice;
  const adb = (...args: string[]) => server.adb(['-s', device.serial, ...args], { timeoutMs: 30_000 });
  const shell = async (command: string) => (await adb('shell', command)).stdout;
  /** The device is back as `device` and answers a shell command. */
  const back = async () => {
    await server.waitForState(device.serial, 'device', 20_000);
    await expect.poll(async () => (await adb('shell', 'echo up')).stdout, { timeout: 20_000 }).toBe('up\n');
  };

  beforeAll(async () => {
    server = await startAdbServer();
    device = await startVirtualDevice();
    await server.connect(device.serial);
  }, TIMEOUT);

  afterAll(async () => {
    await device?.stop();
    await server?.stop();
  });

  it(
    'reports a userdebug build, and the shell user is refused where a phone refuses it',
    async () => {
      expect(await shell('getprop ro.build.type; getprop ro.debuggable; id -u')).toBe('userdebug\n1\n2000\n');
      const prop = await adb('shell', 'setprop persist.sys.locale fr-FR');
      expect(prop.code).toBe(1);
      expect(prop.stderr).toBe(
        "Failed to set property 'persist.sys.locale' to 'fr-FR'.\nSee dmesg for error reason.\n",
      );
      expect((await adb('shell', 'setprop debug.tactile.x 1 && getprop debug.tactile.x')).stdout).toBe('1\n');
      expect((await adb('shell', 'setprop persist.tactile.sim.inject_denied 0')).code).toBe(0);
      expect(await adb('shell', 'touch /data/x')).toMatchObject({
        code: 1,
        stderr: "touch: '/data/x': Permission denied\n",
      });
      expect(await adb('shell', 'mkdir /nonexist')).toMatchObject({
        code: 1,
        stderr: "mkdir: '/nonexist': Read-only file system\n",
      });
      const push = await adb('push', __filename, '/data/data/com.tactile.lab/x.ts');
      expect(push.code).toBe(1);
      // adb 29 prints its push errors on stdout: STA2 answered EACCES for the app's private directory.
      expect(push.stdout + push.stderr).toContain(
        'stat failed when trying to push to /data/data/com.tactile.lab/x.ts: Permission denied',
      );
      expect((await adb('remount')).stdout + (await adb('remount')).stderr).toContain(
        'Not running as root. Try "adb root" first.',
      );
    },
    TIMEOUT,
  );

  it(
    'adb root restarts adbd as root; remount then works; adb unroot goes back to shell',
    async () => {
      const root = await adb('root');
      expect(root.code).toBe(0);
      expect(root.stdout).toBe('restarting adbd as root\n');
      await back();
      expect(await shell('id -u; whoami; getprop service.adb.root')).toBe('0\nroot\n1\n');
      expect((await adb('root')).stdout).toBe('adbd is already running as root\n');
      // Root reads what the shell user may not, and may set any property that is not read-only.
      expect((await adb('shell', 'ls /data | grep -c local')).stdout).toBe('1\n');
      expect((await adb('shell', 'setprop persist.sys.locale fr-FR && getprop persist.sys.locale')).stdout).toBe(
        'fr-FR\n',
      );
      expect((await adb('shell', 'setprop ro.build.type user')).code).toBe(1);
      const remount = await adb('remount');
      expect(remount.code).toBe(0);
      expect(remount.stdout + remount.stderr).toContain('Remount succeeded');
      expect((await adb('shell', 'touch /system/bin/x && ls /system/bin/x')).stdout).toBe('/system/bin/x\n');
      const unroot = await adb('unroot');
      expect(unroot.stdout).toBe('restarting adbd as non root\n');
      await back();
      expect(await shell('id -u')).toBe('2000\n');
      expect((await adb('unroot')).stdout).toBe('adbd not running as root\n');
    },
    TIMEOUT,
  );

  it(
    'adb reboot takes the device down and back: processes, root and remount are gone, files stay',
    async () => {
      await shell('echo kept > /data/local/tmp/kept');
      const pid = (await shell('pidof com.tactile.lab')).trim();
      await adb('root');
      await back();
      await adb('reboot');
      await back();
      expect(await shell('id -u; cat /data/local/tmp/kept')).toBe('2000\nkept\n');
      const after = (await shell('pidof com.tactile.lab')).trim();
      expect(after).toMatch(/^\d+$/);
      expect(after).not.toBe(pid);
      expect((await adb('shell', 'touch /system/bin/y')).stderr).toBe(
        "touch: '/system/bin/y': Read-only file system\n",
      );
      expect(Number((await shell('cut -d. -f1 /proc/uptime')).trim())).toBeLessThan(60);
    },
    TIMEOUT,
  );

  it(
    'adb tcpip restarts adbd in TCP mode and the device stays reachable on its port',
    async () => {
      const tcpip = await adb('tcpip', '5555');
      expect(tcpip.stdout).toBe('restarting in TCP mode port: 5555\n');
      await back();
      expect(await shell('getprop service.adb.tcp.port')).toBe('5555\n');
    },
    TIMEOUT,
  );
});
