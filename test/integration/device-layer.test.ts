// The device layer (electron/adb) against the real adb server (private port) and the virtual device:
// tracking, info, observe, screenshot, the typed failures, and the device CLI commands once each.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdbServer,
  DeviceTracker,
  getDeviceInfo,
  listAllDevices,
  locateDevice,
  observe,
  openAdbServers,
  takeScreenshot,
  type DeviceEvent,
} from '../../electron/adb';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { ControlSelectorSchema } from '../../shared/actions/selector';
import { DeviceObservationSchema } from '../../shared/observation';
import { freePort, startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';

/** The client never starts a daemon of its own: a test server that died must fail, not be replaced. */
const NO_ADB_BINARY = '/nonexistent/tactile-test-adb';
const LAB = 'com.tactile.lab';
const labId = (name: string) => `${LAB}:id/${name}`;

let server: TestAdbServer;
let adb: AdbServer;
let device: VirtualDevice;
let serial: string;

async function connect(vd: VirtualDevice): Promise<string> {
  const s = await adb.connect(`127.0.0.1:${vd.port}`);
  await adb.waitForDevice(s);
  return s;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = await startAdbServer();
  adb = new AdbServer({ host: '127.0.0.1', port: server.port, bin: NO_ADB_BINARY, commandTimeoutMs: 15_000 });
  device = await startVirtualDevice({});
  serial = await connect(device);
});

afterAll(async () => {
  await device?.stop();
  await server?.stop();
});

describe('device tracking', () => {
  it('reports present devices, a device coming, and the same device going', async () => {
    const tracker = new DeviceTracker([adb], { reconcileMs: 300 });
    const events: DeviceEvent[] = [];
    const errors: unknown[] = [];
    tracker.on('device', (e) => events.push(e));
    tracker.on('error', (e) => errors.push(e));
    await tracker.start();
    const other = await startVirtualDevice({});
    try {
      await until(
        () => events.some((e) => e.type === 'added' && e.device.serial === serial),
        5000,
        'the present device',
      );
      const otherSerial = await connect(other);
      await until(
        () => tracker.devices().some((d) => d.serial === otherSerial && d.state === 'device'),
        5000,
        'the new device',
      );
      expect(events.find((e) => e.type === 'added' && e.device.serial === otherSerial)?.device.server).toBe(
        adb.address,
      );

      // adb marks a dead TCP device offline without announcing it on track-devices: the reconcile poll sees it.
      await other.stop();
      await until(
        () =>
          events.some((e) => e.type === 'changed' && e.device.serial === otherSerial && e.device.state === 'offline'),
        5000,
        'offline',
      );
      await adb.disconnect(otherSerial);
      await until(
        () => events.some((e) => e.type === 'removed' && e.device.serial === otherSerial),
        5000,
        'the removed event',
      );
      expect(tracker.devices().map((d) => d.serial)).toEqual([serial]);
      expect(errors).toEqual([]);
    } finally {
      tracker.stop();
      await other.stop();
    }
  });

  it('reports a server that stops as ADB_UNAVAILABLE and its devices as removed', async () => {
    const second = await startAdbServer();
    const client = new AdbServer({ host: '127.0.0.1', port: second.port, bin: NO_ADB_BINARY });
    const tracker = new DeviceTracker([client]);
    const events: DeviceEvent[] = [];
    const errors: Array<{ code: string }> = [];
    tracker.on('device', (e) => events.push(e));
    tracker.on('error', (e) => errors.push(e));
    try {
      await tracker.start();
      const onSecond = await client.connect(`127.0.0.1:${device.port}`);
      await until(
        () => tracker.devices().some((d) => d.serial === onSecond && d.state === 'device'),
        5000,
        'the device on the second server',
      );
      await second.stop();
      await until(() => errors.length > 0, 20_000, 'the tracking error');
      expect(errors[0]!.code).toBe('ADB_UNAVAILABLE');
      await until(
        () => events.some((e) => e.type === 'removed' && e.device.serial === onSecond),
        5000,
        'the removed event',
      );
      expect(tracker.devices()).toEqual([]);
    } finally {
      tracker.stop();
      await second.stop();
    }
  });
});

describe('several adb servers', () => {
  it('lists devices across servers and finds the server that has a serial', async () => {
    const second = await startAdbServer();
    const other = await startVirtualDevice({});
    try {
      const secondAdb = new AdbServer({ host: '127.0.0.1', port: second.port, bin: NO_ADB_BINARY });
      const otherSerial = await secondAdb.connect(`127.0.0.1:${other.port}`);
      await secondAdb.waitForDevice(otherSerial);
      const servers = openAdbServers({
        addresses: [`127.0.0.1:${server.port}`, `127.0.0.1:${second.port}`],
        bin: NO_ADB_BINARY,
      });
      const all = await listAllDevices(servers);
      expect(all).toContainEqual({ serial, state: 'device', server: `127.0.0.1:${server.port}` });
      expect(all).toContainEqual({ serial: otherSerial, state: 'device', server: `127.0.0.1:${second.port}` });
      expect((await locateDevice(servers, otherSerial)).address).toBe(`127.0.0.1:${second.port}`);
      expect((await locateDevice(servers, serial)).address).toBe(`127.0.0.1:${server.port}`);
      expect(await failure(locateDevice(servers, 'nope:1'))).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    } finally {
      await other.stop();
      await second.stop();
    }
  });
});

describe('device info', () => {
  it('matches the default virtual device', async () => {
    const info = await getDeviceInfo(adb, serial);
    expect(info).toMatchObject({
      serial,
      server: adb.address,
      sdk: 34,
      density: 420,
      rotation: 0,
      screen: { width: 1080, height: 2400 },
      physical_size: { width: 1080, height: 2400 },
    });
    expect(info.model).not.toBe('');
  });

  it('matches a non-default size, density and SDK', async () => {
    const small = await startVirtualDevice({ width: 720, height: 1280, density: 320, sdk: 30 });
    const smallSerial = await connect(small);
    try {
      const info = await getDeviceInfo(adb, smallSerial);
      expect(info).toMatchObject({
        sdk: 30,
        density: 320,
        screen: { width: 720, height: 1280 },
        physical_size: { width: 720, height: 1280 },
      });
    } finally {
      await small.stop();
      await adb.disconnect(smallSerial);
    }
  });

  it('follows a rotation: quarter turn swaps the screen, observe normalizes against it', async () => {
    await adb.shell(serial, 'settings put system user_rotation 1');
    try {
      const info = await getDeviceInfo(adb, serial);
      expect(info).toMatchObject({
        rotation: 1,
        screen: { width: 2400, height: 1080 },
        physical_size: { width: 1080, height: 2400 },
      });
      const seen = await observe(adb, serial);
      expect(seen).toMatchObject({ rotation: 1, screen: { width: 2400, height: 1080 } });
      // The app's root (the bottom window, 0) covers the whole turned screen.
      const appRoot = seen.nodes.find((n) => n.window === 0 && n.parent === null)!;
      expect(appRoot.bounds_px).toEqual([0, 0, 2400, 1080]);
      expect(appRoot.bounds).toEqual([0, 0, 1000, 1000]);
    } finally {
      await adb.shell(serial, 'settings put system user_rotation 0');
    }
  });
});

describe('observe', () => {
  it("returns the lab's nodes with selectors and the same pixel bounds the stock adb dump shows", async () => {
    const seen = await observe(adb, serial);
    expect(seen.serial).toBe(serial);
    expect(seen.screen).toEqual({ width: 1080, height: 2400 });
    expect(DeviceObservationSchema.parse(seen)).toEqual(seen);

    const play = seen.nodes.find((n) => n.resource_id === labId('play_pause'))!;
    expect(play).toMatchObject({ class_name: 'android.widget.ImageButton', content_desc: 'Play', package_name: LAB });
    expect(play.flags.clickable).toBe(true);
    expect(play.native_selector).toEqual({
      resource_id: labId('play_pause'),
      class_name: 'android.widget.ImageButton',
      package_name: LAB,
    });
    expect(seen.nodes.filter((n) => n.class_name === 'android.widget.SeekBar').length).toBeGreaterThan(0);

    // Independent check of the pixel bounds: the stock adb CLI's dump of the same screen.
    const stock = await server.adb(['-s', serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty']);
    const m = /resource-id="com\.tactile\.lab:id\/play_pause"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(
      stock.stdout,
    );
    expect(m, 'play_pause in the stock dump').not.toBeNull();
    expect(play.bounds_px).toEqual(m!.slice(1, 5).map(Number));
    const [l, t, r, b] = play.bounds_px;
    expect(play.bounds).toEqual(
      [l, t, r - 1, b - 1].map((v, i) => Math.round((v * 1000) / ((i % 2 === 0 ? 1080 : 2400) - 1))),
    );
  });

  it('lists every window of the display — status bar, the floating overlay, the lab — with their nodes', async () => {
    const seen = await observe(adb, serial);
    const windows = seen.windows!;
    expect(windows.map((w) => w.package_name)).toEqual(['com.android.systemui', 'com.tactile.overlay', LAB]);
    // Numbered from the bottom: the lab is 0, the overlay above it, the status bar on top.
    expect(windows.map((w) => w.window)).toEqual([2, 1, 0]);
    expect(windows.find((w) => w.package_name === LAB)).toMatchObject({
      active: true,
      focused: true,
      type: 'TYPE_APPLICATION',
    });
    const overlayText = seen.nodes.find((n) => n.resource_id === 'com.tactile.overlay:id/overlay_text')!;
    expect(overlayText).toMatchObject({ text: 'Floating overlay', window: 1, package_name: 'com.tactile.overlay' });
    expect(new Set(seen.nodes.map((n) => n.window))).toEqual(new Set([0, 1, 2]));
    for (const w of windows)
      expect(seen.nodes.filter((n) => n.window === w.window && n.parent === null)).toHaveLength(1);
  });

  it('gives every node a copyable selector, with bounds exactly for missing or shared ids', async () => {
    const { nodes } = await observe(adb, serial);
    const count = new Map<string, number>();
    for (const n of nodes) if (n.resource_id) count.set(n.resource_id, (count.get(n.resource_id) ?? 0) + 1);
    for (const n of nodes) {
      if (n.native_selector === null) continue;
      expect(() => ControlSelectorSchema.parse(n.native_selector)).not.toThrow();
      const needsBounds = n.resource_id === null || count.get(n.resource_id)! > 1;
      expect(n.native_selector.bounds, `node ${n.index}`).toEqual(needsBounds ? n.bounds_px : undefined);
      expect(n.native_selector).not.toHaveProperty('text');
    }
    expect(nodes.some((n) => n.resource_id === null && n.native_selector?.bounds)).toBe(true);
  });
});

describe('screenshot', () => {
  it('is a PNG of the screen size', async () => {
    const shot = await takeScreenshot(adb, serial);
    const png = PNG.sync.read(shot.png);
    expect([png.width, png.height]).toEqual([1080, 2400]);
    expect([shot.width, shot.height]).toEqual([1080, 2400]);
  });
});

describe('push', () => {
  it('sends a file byte-exact (read back with the stock adb)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tactile-push-'));
    try {
      const payload = randomBytes(1024 * 1024 + 17);
      const file = join(dir, 'payload.bin');
      await writeFile(file, payload);
      await adb.push(serial, file, '/data/local/tmp/tactile-push-test.bin');
      const back = await server.adb(['-s', serial, 'exec-out', 'cat', '/data/local/tmp/tactile-push-test.bin']);
      expect(back.stdoutBytes.equals(payload)).toBe(true);
    } finally {
      await adb.shell(serial, 'rm /data/local/tmp/tactile-push-test.bin');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('typed failures', () => {
  it('a bad serial gives DEVICE_NOT_FOUND for every call', async () => {
    // Each failure is caught as it happens: one rejecting while an earlier one is awaited is not unhandled.
    const failures = await Promise.all(
      [
        observe(adb, 'nope:1'),
        takeScreenshot(adb, 'nope:1'),
        getDeviceInfo(adb, 'nope:1'),
        adb.shell('nope:1', 'echo'),
      ].map(failure),
    );
    for (const f of failures)
      expect(f).toMatchObject({ code: 'DEVICE_NOT_FOUND', message: expect.stringContaining('nope:1') });
  });

  it('no adb server and no adb binary gives ADB_UNAVAILABLE saying how to install adb', async () => {
    const missing = new AdbServer({ host: '127.0.0.1', port: await freePort(), bin: NO_ADB_BINARY });
    for (const call of [missing.listDevices(), observe(missing, serial)]) {
      const err = await failure(call);
      expect(err.code).toBe('ADB_UNAVAILABLE');
      expect(err.message).toMatch(/apt-get install adb/);
    }
  });

  it('a device killed in the middle of a command gives DEVICE_LOST, not a hang', async () => {
    const doomed = await startVirtualDevice({});
    const doomedSerial = await connect(doomed);
    try {
      // A 10 s swipe keeps the command running on the device while it dies: it is killed once the finger is
      // down (polled), long before the swipe could end by itself.
      const running = adb.shell(doomedSerial, 'input swipe 100 1200 900 1200 10000');
      await until(() => doomed.android.input.pointersDown > 0, 20_000, 'the swipe to begin');
      const killedAt = Date.now();
      await doomed.stop();
      const err = await failure(running);
      // adb notices at once (tens of ms); ten times the 2 s the console allows, so a loaded machine cannot fail it.
      expect(Date.now() - killedAt).toBeLessThan(20_000);
      expect(err.code).toBe('DEVICE_LOST');
      const after = Date.now();
      expect(['DEVICE_LOST', 'DEVICE_NOT_FOUND']).toContain((await failure(observe(adb, doomedSerial))).code);
      expect(Date.now() - after).toBeLessThan(20_000);
    } finally {
      await doomed.stop();
      await adb.disconnect(doomedSerial).catch(() => undefined);
    }
  }, 90_000);
});

describe('CLI', () => {
  const cli = (args: string[], env: NodeJS.ProcessEnv = server.env) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c));
      child.stderr.on('data', (c: Buffer) => (stderr += c));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('devices, observe, screenshot and a bad serial, once each', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tactile-cli-'));
    try {
      const file = join(dir, 'screen.png');
      const [devices, seen, shot, bad] = await Promise.all([
        cli(['devices', '--json']),
        cli(['observe', '--serial', serial, '--json']),
        cli(['screenshot', '--serial', serial, '-o', file]),
        cli(['observe', '--serial', 'nope:1', '--json']),
      ]);
      expect(devices.code, devices.stderr).toBe(0);
      expect(JSON.parse(devices.stdout).devices).toContainEqual({
        serial,
        state: 'device',
        server: `127.0.0.1:${server.port}`,
      });
      expect(seen.code, seen.stderr).toBe(0);
      const { ok, ...observed } = JSON.parse(seen.stdout);
      expect(ok).toBe(true);
      expect(DeviceObservationSchema.parse(observed)).toMatchObject({ serial, screen: { width: 1080, height: 2400 } });
      expect(observed.nodes.some((n: { resource_id: string }) => n.resource_id === labId('play_pause'))).toBe(true);
      expect(shot.code, shot.stderr).toBe(0);
      expect(PNG.sync.read(await readFile(file)).width).toBe(1080);
      expect(bad.code).toBe(1);
      expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, errors: [{ code: 'DEVICE_NOT_FOUND' }] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('virtual-device prints a serial the adb server lists, and leaves on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'virtual-device', '--size', '720x1280'], {
      env: server.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c));
      await until(() => stdout.includes('\n'), 20_000, 'the serial line');
      const cliSerial = stdout.trim();
      expect(cliSerial).toMatch(/^127\.0\.0\.1:\d+$/);
      expect((await server.devices()).get(cliSerial)).toBe('device');
      expect((await getDeviceInfo(adb, cliSerial)).screen).toEqual({ width: 720, height: 1280 });
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect((await server.devices()).has(cliSerial)).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('usage errors exit 2', async () => {
    const r = await cli(['screenshot', '--serial', serial]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, errors: [{ code: 'INVALID_ARGUMENT' }] });
  });
});
