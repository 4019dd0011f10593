// A maintained third-party adb client — @yume-chan/adb over the real adb server
// (@yume-chan/adb-server-node-tcp) — runs the everyday calls of a UI-automation client against the
// assembled virtual device, parsing answers the way such a client does (regexes over Android's own
// formats), so the device is checked against someone else's expectations, not only Tactile's.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Adb, AdbServerClient } from '@yume-chan/adb';
import { AdbServerNodeTcpConnector } from '@yume-chan/adb-server-node-tcp';
import { PNG } from 'pngjs';
import { collect, once } from '../support/web-streams';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, freePort, type AdbServer } from '../support/adb-server';
import { buildApk } from '../support/build-apk';

const TIMEOUT = 90_000;
const LAB = 'com.tactile.lab';
const WIDTH = 1080;
const HEIGHT = 2400;

describe('third-party client compatibility (@yume-chan/adb via the adb server)', () => {
  let server: AdbServer;
  let device: VirtualDevice;
  let client: AdbServerClient;
  let adb: Adb;

  /** `adb shell` the way the client runs it when shell_v2 is there: stdout, stderr and exit code apart. */
  const sh = (command: string) => adb.subprocess.shellProtocol!.spawnWaitText(command);
  /** Plain `shell:` (no protocol), for clients that predate shell_v2. */
  const legacy = (command: string) => adb.subprocess.noneProtocol.spawnWaitText(command);

  beforeAll(async () => {
    server = await startAdbServer();
    device = await startVirtualDevice({ width: WIDTH, height: HEIGHT, density: 420 });
    await server.connect(device.serial);
    client = new AdbServerClient(new AdbServerNodeTcpConnector({ host: '127.0.0.1', port: server.port }));
    adb = await client.createAdb({ serial: device.serial });
  }, TIMEOUT);

  afterAll(async () => {
    await adb?.close();
    await device?.stop();
    await server?.stop();
  });

  it('sees the device with the features a modern adbd has', async () => {
    const devices = await client.getDevices();
    expect(devices.find((d) => d.serial === device.serial)).toMatchObject({ state: 'device' });
    expect(adb.canUseFeature('shell_v2')).toBe(true);
    expect(adb.canUseFeature('stat_v2')).toBe(true);
    expect(adb.canUseFeature('ls_v2')).toBe(true);
    expect(adb.canUseFeature('cmd')).toBe(true);
    expect(adb.subprocess.shellProtocol?.isSupported).toBe(true);
  });

  it('reads shell exit codes and separate stderr through the shell protocol', async () => {
    expect(await sh('false')).toMatchObject({ exitCode: 1 });
    expect(await sh('true')).toMatchObject({ exitCode: 0 });
    const missing = await sh('ls /nonexistent');
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/\/nonexistent.*No such file or directory/);
    expect(await sh('echo out')).toEqual({ stdout: 'out\n', stderr: '', exitCode: 0 });
    // The same device still serves clients without the protocol (adbkit, older tools).
    expect(await legacy('echo plain')).toBe('plain\n');
  });

  it('gives the stock adb CLI the exit status and stderr apart (`adb shell false; echo $?` prints 1)', async () => {
    const failed = await server.adb(['-s', device.serial, 'shell', 'false']);
    expect(failed.code).toBe(1);
    const missing = await server.adb(['-s', device.serial, 'shell', 'ls', '/nonexistent']);
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect(missing.stderr).toMatch(/\/nonexistent.*No such file or directory/);
    // stdin travels as shell-protocol packets and its EOF as close-stdin, so `cat` ends.
    const piped = await server.adb(['-s', device.serial, 'shell', 'cat'], { input: 'through stdin\n' });
    expect([piped.stdout, piped.code]).toEqual(['through stdin\n', 0]);
    const client = await adb.subprocess.shellProtocol!.spawn('cat');
    const writer = client.stdin.getWriter();
    await writer.write(new TextEncoder().encode('from the client'));
    await writer.close();
    const [echoed, status] = await Promise.all([collect(client.stdout), client.exited]);
    expect([echoed.toString(), status]).toEqual(['from the client', 0]);
  });

  it('runs shell sequences the way mksh does: `;`, `$?`, `exit N`, `>&2`', async () => {
    expect(await sh('echo out; echo err >&2')).toEqual({ stdout: 'out\n', stderr: 'err\n', exitCode: 0 });
    expect((await sh('exit 3')).exitCode).toBe(3);
    expect((await sh('ls /nonexistent; echo $?')).stdout).toBe('1\n');
    const cli = await server.adb(['-s', device.serial, 'shell', 'echo out; echo err >&2']);
    expect([cli.stdout, cli.stderr, cli.code]).toEqual(['out\n', 'err\n', 0]);
  });

  it('reads the window size from `wm size` and from `dumpsys display`', async () => {
    const wm = (await sh('wm size')).stdout;
    const physical = /Physical size: (\d+)x(\d+)/.exec(wm);
    expect(physical?.slice(1).map(Number)).toEqual([WIDTH, HEIGHT]);
    const display = (await sh('dumpsys display')).stdout;
    const viewport = /mViewports=\[DisplayViewport\{[^}]*?deviceWidth=(\d+), deviceHeight=(\d+)/.exec(display);
    expect(viewport?.slice(1).map(Number)).toEqual([WIDTH, HEIGHT]);
    const info = /DisplayDeviceInfo\{"[^"]*": uniqueId="[^"]*", (\d+) x (\d+)/.exec(display);
    expect(info?.slice(1).map(Number)).toEqual([WIDTH, HEIGHT]);
  });

  it('reads the rotation from `dumpsys display`, `dumpsys input` and `dumpsys window displays`', async () => {
    const read = async () => {
      const display = /mViewports=\[DisplayViewport\{[^}]*?orientation=(\d)/.exec(
        (await sh('dumpsys display')).stdout,
      )?.[1];
      // Android ≤ 13 prints SurfaceOrientation per touch device; 14 keeps the viewport's orientation.
      const inputDump = (await sh('dumpsys input')).stdout;
      const inputMatch = /SurfaceOrientation: (\d)|Viewport INTERNAL:[^\n]*?orientation=(\d)/.exec(inputDump);
      const input = inputMatch?.[1] ?? inputMatch?.[2];
      const window = /mRotation=(\d)|mCurrentRotation=ROTATION_(\d+)/.exec(
        (await sh('dumpsys window displays')).stdout,
      );
      const windowRotation = window?.[1] ?? (window?.[2] === undefined ? undefined : String(Number(window[2]) / 90));
      return [display, input, windowRotation];
    };
    expect(await read()).toEqual(['0', '0', '0']);
    // How clients rotate: lock the accelerometer, set the user rotation.
    await sh('settings put system accelerometer_rotation 0');
    await sh('settings put system user_rotation 1');
    try {
      expect(await read()).toEqual(['1', '1', '1']);
      expect((await sh('settings get system user_rotation')).stdout).toBe('1\n');
    } finally {
      await sh('settings put system user_rotation 0');
    }
    expect(await read()).toEqual(['0', '0', '0']);
  });

  it('finds the current app and its pid (`dumpsys activity activities`, `dumpsys window`, `pidof`)', async () => {
    expect((await sh(`am start -W -n ${LAB}/.MainActivity`)).exitCode).toBe(0);
    const activities = (await sh('dumpsys activity activities')).stdout;
    const resumed =
      /(?:topResumedActivity=|mResumedActivity: )ActivityRecord\{[0-9a-f]+ u0 ([^\s/]+)\/(\S+?)[\s}]/.exec(activities);
    expect(resumed?.[1]).toBe(LAB);
    const focus = /mCurrentFocus=Window\{[0-9a-f]+ u0 ([^\s/}]+)\/?([^\s}]*)\}/.exec(
      (await sh('dumpsys window')).stdout,
    );
    expect(focus?.[1]).toBe(LAB);
    const pid = Number((await sh(`pidof ${LAB}`)).stdout.trim());
    expect(Number.isInteger(pid) && pid > 0).toBe(true);
    // The pid matches the process table and the activity record's process.
    const ps = (await sh('ps -A')).stdout.split('\n').find((line) => line.trim().endsWith(` ${LAB}`));
    expect(ps?.trim().split(/\s+/)[1]).toBe(String(pid));
    expect(activities).toMatch(new RegExp(`ProcessRecord\\{[0-9a-f]+ ${pid}:${LAB.replace(/\./g, '\\.')}/`));
  });

  it('reads package info from `dumpsys package`', async () => {
    const out = (await sh(`dumpsys package ${LAB}`)).stdout;
    expect(out).toMatch(/versionName=\S+/);
    expect(Number(/versionCode=(\d+)/.exec(out)?.[1])).toBeGreaterThan(0);
    expect(out).toMatch(/firstInstallTime=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(out).toMatch(/lastUpdateTime=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  });

  it('reads the screen as on from `dumpsys power`', async () => {
    const power = (await sh('dumpsys power')).stdout;
    expect(/mWakefulness=(\w+)/.exec(power)?.[1]).toBe('Awake');
    expect(power).toMatch(/Display Power: state=ON/);
  });

  it('pushes, stats, lists and pulls through sync (SEND/RECV v1, STA2/LIS2 v2 as adb 29 allows)', async () => {
    const sync = await adb.sync();
    try {
      const data = new Uint8Array(200_000).map((_, i) => (i * 13) & 0xff);
      await sync.write({
        filename: '/sdcard/Download/compat/data.bin',
        file: once(data),
        permission: 0o644,
        mtime: 1_700_000_000,
      });
      const stat = await sync.stat('/sdcard/Download/compat/data.bin');
      expect([Number(stat.size), Number(stat.mtime), stat.mode & 0o170000]).toEqual([
        data.length,
        1_700_000_000,
        0o100000,
      ]);
      const entries = await sync.readdir('/sdcard/Download/compat');
      expect(entries.map((e) => e.name).sort()).toEqual(['.', '..', 'data.bin']);
      expect(Number(entries.find((e) => e.name === 'data.bin')!.size)).toBe(data.length);
      expect(Buffer.compare(await collect(sync.read('/sdcard/Download/compat/data.bin')), Buffer.from(data))).toBe(0);
      await expect(sync.stat('/sdcard/none.bin')).rejects.toThrow();
      expect(await sync.isDirectory('/sdcard/Download/compat')).toBe(true);
    } finally {
      await sync.dispose();
    }
  });

  it('forwards a host port to a device socket through the server, and opens device sockets directly', async () => {
    const unlisten = device.android.sockets.listen('localabstract:compat_echo', (stream) => {
      stream.onData((chunk) => stream.write(chunk));
    });
    try {
      const direct = await adb.createSocket('localabstract:compat_echo');
      const writer = direct.writable.getWriter();
      await writer.write(new TextEncoder().encode('ping'));
      const reader = direct.readable.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('ping');
      await direct.close();

      const port = await freePort();
      const forward = await client.createConnection(
        `host-serial:${device.serial}:forward:tcp:${port};localabstract:compat_echo`,
      );
      await forward.readOkay();
      await forward.dispose();
      expect(await echoThrough(port, 'over forward')).toBe('over forward');
      const list = await client.createConnection('host:list-forward');
      expect(await list.readString()).toContain(`${device.serial} tcp:${port} localabstract:compat_echo`);
      await list.dispose();
    } finally {
      unlisten();
    }
  });

  it('takes a screenshot with `screencap -p`: a valid PNG of the screen size', async () => {
    const bytes = await adb.subprocess.noneProtocol.spawnWait('screencap -p');
    const png = PNG.sync.read(Buffer.from(bytes));
    expect([png.width, png.height]).toEqual([WIDTH, HEIGHT]);
    // Through the shell protocol the picture is stdout alone, byte-identical in format.
    const v2 = await adb.subprocess.shellProtocol!.spawnWait('screencap -p');
    expect(v2.exitCode).toBe(0);
    expect(v2.stderr.length).toBe(0);
    expect(PNG.sync.read(Buffer.from(v2.stdout)).width).toBe(WIDTH);
  });

  it('dumps the hierarchy with `uiautomator dump` and pulls the XML', async () => {
    const dump = await sh('uiautomator dump /sdcard/window_dump.xml');
    expect(dump.stdout).toContain('UI hierchary dumped to: /sdcard/window_dump.xml');
    const sync = await adb.sync();
    try {
      const xml = (await collect(sync.read('/sdcard/window_dump.xml'))).toString('utf8');
      expect(xml).toMatch(/^<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?>/);
      expect(xml).toMatch(/<hierarchy rotation="0">/);
      expect(xml).toContain(`package="${LAB}"`);
      const bounds = [...xml.matchAll(/bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/g)].map((m) => m.slice(1).map(Number));
      expect(bounds.length).toBeGreaterThan(3);
      expect(bounds.every(([l, t, r, b]) => l! <= r! && t! <= b! && r! <= WIDTH && b! <= HEIGHT)).toBe(true);
    } finally {
      await sync.dispose();
    }
  });

  it('starts and stops the app (`am start -W`, `am force-stop`, `monkey -p … 1`)', async () => {
    await sh(`am force-stop ${LAB}`);
    expect((await sh(`pidof ${LAB}`)).exitCode).toBe(1);
    const start = await sh(`am start -W -n ${LAB}/.MainActivity`);
    expect(start.exitCode).toBe(0);
    expect(start.stdout).toMatch(/^Status: ok$/m);
    expect(start.stdout).toMatch(new RegExp(`^Activity: ${LAB.replace(/\./g, '\\.')}/\\.MainActivity$`, 'm'));
    expect(start.stdout).toMatch(/^TotalTime: \d+$/m);
    expect((await sh(`pidof ${LAB}`)).exitCode).toBe(0);
    expect((await sh(`am force-stop ${LAB}`)).exitCode).toBe(0);
    expect((await sh(`pidof ${LAB}`)).stdout).toBe('');
    const monkey = await sh(`monkey -p ${LAB} -c android.intent.category.LAUNCHER 1`);
    expect(monkey.exitCode).toBe(0);
    expect(monkey.stdout).toMatch(/Events injected: 1/);
    expect(Number((await sh(`pidof ${LAB}`)).stdout.trim())).toBeGreaterThan(0);
  });

  it(
    'installs an APK (stock `adb install`, streamed; push + `pm install`) and uninstalls it with `pm uninstall`',
    async () => {
      const pkg = 'com.example.compat';
      const apk = buildApk({ packageName: pkg, label: 'Compat', versionCode: 7, versionName: '7.0', targetSdk: 29 });
      // adb 29 sees `cmd` and `abb_exec`, so it streams the APK into `abb_exec:package install -S SIZE`.
      const local = join(mkdtempSync(join(tmpdir(), 'tactile-compat-')), 'compat.apk');
      writeFileSync(local, apk);
      const cli = await server.adb(['-s', device.serial, 'install', local], { timeoutMs: 60_000 });
      expect([cli.code, cli.stdout.trim().split('\n').at(-1)], cli.stderr).toEqual([0, 'Success']);
      expect((await sh('pm list packages')).stdout).toContain(`package:${pkg}\n`);
      expect((await sh(`pm uninstall ${pkg}`)).stdout.trim()).toBe('Success');
      rmSync(dirname(local), { recursive: true, force: true });

      const sync = await adb.sync();
      try {
        await sync.write({
          filename: '/data/local/tmp/compat.apk',
          file: once(new Uint8Array(apk)),
          permission: 0o644,
        });
      } finally {
        await sync.dispose();
      }
      expect((await sh('pm install /data/local/tmp/compat.apk')).stdout.trim()).toBe('Success');
      expect((await sh('pm list packages')).stdout).toContain(`package:${pkg}\n`);
      const removed = await sh(`pm uninstall ${pkg}`);
      expect([removed.stdout.trim(), removed.exitCode]).toEqual(['Success', 0]);
      expect((await sh('pm list packages')).stdout).not.toContain(`package:${pkg}\n`);
      const again = await sh(`pm uninstall ${pkg}`);
      expect([again.stdout.trim(), again.exitCode]).toEqual(['Failure [DELETE_FAILED_INTERNAL_ERROR]', 1]);
    },
    TIMEOUT,
  );
});

function echoThrough(port: number, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(message));
    let got = '';
    socket.on('data', (chunk) => {
      got += chunk.toString();
      if (got.length >= message.length) {
        socket.destroy();
        resolve(got);
      }
    });
    socket.on('error', reject);
  });
}
