// The console's stream service on a standalone `tactile virtual-device` (its own process, reached only through
// the adb server, as a phone is): mirror.start pushes the server file, starts it with `app_process` over adb
// shell and opens the forward tunnel; the page's events carry the H.264 configuration (SPS of the asked size),
// a keyframe and the frames after it, and a keyframe request brings a new configuration + IDR from the running
// encoder. Offline (no official scrcpy server downloaded) this works only because the device is recognised as
// virtual by what it reports over adb (ro.product.manufacturer), and the host pushes the stand-in file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { h264ParseConfiguration } from '@yume-chan/scrcpy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceLocks } from '../../electron/device/lock';
import { startAppServices, type AppServices } from '../../electron/services/app-services';
import { createConsoleExecutor } from '../../electron/services/console-executor';
import { SCRCPY_SERVER_DEVICE_PATH } from '../../electron/scrcpy/server-jar';
import type { EventOf } from '../../shared/ipc';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { spawnVirtualDevice, type VirtualDeviceProcess } from '../support/virtual-device-process';

const TIMEOUT = 120_000;
type Packet = EventOf<'mirror.packet'>;

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the console streams H.264 from a standalone virtual device', () => {
  let adb: AdbServer;
  let device: VirtualDeviceProcess;
  let services: AppServices;
  let data: string;
  const packets: Packet[] = [];
  const ended = new Set<string>();

  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), 'tactile-standalone-mirror-'));
    adb = await startAdbServer();
    device = await spawnVirtualDevice(adb.env, ['--size', '720x1280']);
    services = await startAppServices({
      adbServers: [`127.0.0.1:${adb.port}`],
      embedded: 'never',
      createExecutor: createConsoleExecutor,
      journalDir: join(data, 'receipts'),
      locks: new DeviceLocks({ dir: join(data, 'locks') }),
    });
    services.events.onAny((channel, payload) => {
      if (channel === 'mirror.packet') packets.push(payload as Packet);
      if (channel === 'mirror.ended') ended.add((payload as EventOf<'mirror.ended'>).session);
    });
  }, TIMEOUT);

  afterAll(async () => {
    await services?.stop();
    await device?.stop();
    await adb?.stop();
    if (data) rmSync(data, { recursive: true, force: true });
  }, TIMEOUT);

  it(
    'mirror.start runs the scrcpy flow over adb and the events carry configuration, keyframe and frames',
    async () => {
      const reply = await services.dispatch('mirror.start', { serial: device.serial, max_size: 640 });
      if (!reply.ok) throw new Error(`mirror.start refused: ${reply.error.code} ${reply.error.message}`);
      const started = reply.result as { session: string; width: number; height: number; device_name: string };
      // scrcpy scales the longest side to max_size (multiple of 8): 720×1280 → 360×640.
      expect(started).toMatchObject({ width: 360, height: 640 });
      expect(started.device_name).not.toBe('');

      // The server file was pushed where app_process's CLASSPATH names it, as on a phone.
      const ls = await adb.adb(['-s', device.serial, 'shell', 'ls', SCRCPY_SERVER_DEVICE_PATH]);
      expect(ls.stdout.trim()).toBe(SCRCPY_SERVER_DEVICE_PATH);

      const mine = () => packets.filter((p) => p.session === started.session);
      const config = await until('the configuration packet', () => mine().find((p) => p.type === 'configuration'));
      const sps = h264ParseConfiguration(config.data);
      expect({ width: sps.croppedWidth, height: sps.croppedHeight }).toEqual({ width: 360, height: 640 });
      const keyframe = await until('a keyframe', () => mine().find((p) => p.type === 'data' && p.keyframe));
      expect(mine().indexOf(keyframe)).toBeGreaterThan(mine().indexOf(config));
      const after = await until('three frames after the keyframe', () => {
        const frames = mine().filter((p) => p.type === 'data' && p.pts !== null && p.pts > keyframe.pts!);
        return frames.length >= 3 && frames;
      });
      for (let i = 1; i < after.length; i++) expect(after[i]!.pts!).toBeGreaterThan(after[i - 1]!.pts!);

      // A keyframe request reaches the running encoder: a new configuration and an IDR frame follow it.
      const before = mine().length;
      const asked = await services.dispatch('mirror.keyframe', { session: started.session });
      expect(asked).toMatchObject({ ok: true });
      const later = () => mine().slice(before);
      await until('a configuration after the request', () => later().some((p) => p.type === 'configuration'));
      await until('a keyframe after the request', () => later().some((p) => p.type === 'data' && p.keyframe));

      expect(await services.dispatch('mirror.stop', { session: started.session })).toMatchObject({ ok: true });
      await until('mirror.ended', () => ended.has(started.session));
    },
    TIMEOUT,
  );
});
