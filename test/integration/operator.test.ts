// The operator channels end to end through the console's dispatch, a real adb server and the embedded
// virtual device: chunked push with progress and cancel (nothing left behind), pull, APK install of an
// aapt-built app with its INSTALL_* failures (the install an executor call, tactile.install_app, whose replay
// finds its APK gone), app actions and buttons over adb (each an executor call with its receipt), screenshots and an MP4 recording remuxed from the mirror stream (checked with ffprobe).
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceLocks } from '../../electron/device/lock';
import { startAppServices, type AppServices } from '../../electron/services/app-services';
import { createConsoleExecutor } from '../../electron/services/console-executor';
import { TRANSFER_CHUNK_BYTES, type EventOf } from '../../shared/ipc';
import { buildApk } from '../support/build-apk';
import { startAdbServer, type AdbServer } from '../support/adb-server';

let data: string;
let adb: AdbServer;
let services: AppServices;
let serial: string;
const progress: Array<EventOf<'transfer.progress'>> = [];
const announced: Array<EventOf<'receipt.completed'>['receipt']> = [];

async function call<T = Record<string, unknown>>(channel: string, payload: unknown): Promise<T> {
  const reply = await services.dispatch(channel, payload);
  if (!reply.ok)
    throw Object.assign(new Error(`${channel}: ${reply.error.code} ${reply.error.message}`), {
      code: reply.error.code,
    });
  return reply.result as T;
}
const shell = async (cmd: string) => (await adb.adb(['-s', serial, 'shell', cmd])).stdout;

/** Pushes `bytes` in contract chunks; `between` runs after each chunk (a cancel, say). */
async function push(
  kind: 'file' | 'apk',
  dir: string,
  name: string,
  bytes: Buffer,
  between?: (sent: number) => Promise<boolean>,
) {
  const transfer_id = randomUUID();
  await call('transfer.push-begin', { serial, kind, dir, name, size: bytes.length, transfer_id });
  for (let off = 0; off < bytes.length; off += TRANSFER_CHUNK_BYTES) {
    await call('transfer.push-chunk', {
      transfer_id,
      offset: off,
      data: bytes.subarray(off, off + TRANSFER_CHUNK_BYTES),
    });
    if (between && (await between(off + TRANSFER_CHUNK_BYTES)))
      return { transfer_id, cancelled: true, path: null, install: null };
  }
  const end = await call<{
    path: string;
    install: { package: string | null; output: string; receipt: Record<string, unknown> } | null;
  }>('transfer.push-end', { transfer_id });
  return { transfer_id, cancelled: false, ...end };
}

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'tactile-operator-'));
  adb = await startAdbServer();
  services = await startAppServices({
    adbServers: [`127.0.0.1:${adb.port}`],
    embedded: 'always',
    createExecutor: createConsoleExecutor,
    journalDir: join(data, 'receipts'),
    locks: new DeviceLocks({ dir: join(data, 'locks') }),
  });
  serial = services.embeddedSerial!;
  services.events.onAny((channel, payload) => {
    if (channel === 'transfer.progress') progress.push(payload as EventOf<'transfer.progress'>);
    if (channel === 'receipt.completed') announced.push((payload as EventOf<'receipt.completed'>).receipt);
  });
}, 60_000);

afterAll(async () => {
  await services?.stop();
  await adb?.stop();
  rmSync(data, { recursive: true, force: true });
});

describe('operator channels', () => {
  it('pushes 20 MB with progress, pulls it back identical, and a cancelled push leaves no file behind', async () => {
    const bytes = randomBytes(20 * 1024 * 1024);
    const done = await push('file', '/sdcard', 'big.bin', bytes);
    expect(done).toMatchObject({ path: '/sdcard/big.bin' });
    const mine = progress.filter((p) => p.transfer_id === done.transfer_id);
    expect(mine.at(-1)).toMatchObject({ phase: 'done', done: bytes.length, total: bytes.length });
    expect(mine.filter((p) => p.phase === 'push').length).toBeGreaterThan(1);
    const pulled = await call<{ data: Uint8Array; path: string; size: number }>('files.pull', {
      serial,
      path: '/sdcard/big.bin',
      transfer_id: randomUUID(),
    });
    expect(Buffer.compare(Buffer.from(pulled.data), bytes)).toBe(0);
    expect(pulled.path).toBe(join(data, 'exports', 'big.bin'));

    const cancelled = await push('file', '/sdcard', 'half.bin', bytes, async (sent) => {
      if (sent < 8 * 1024 * 1024) return false;
      const id = progress.at(-1)!.transfer_id;
      expect((await call<{ cancelled: boolean }>('transfer.cancel', { transfer_id: id })).cancelled).toBe(true);
      return true;
    });
    expect(cancelled.cancelled).toBe(true);
    // 'cancelled' is sent once the partial file is removed from the device (a shell round trip, slow under load).
    await expect
      .poll(() => progress.filter((p) => p.transfer_id === cancelled.transfer_id).at(-1)?.phase, { timeout: 15_000 })
      .toBe('cancelled');
    const listing = await shell('ls -a /sdcard');
    expect(listing).not.toMatch(/half\.bin/);
    expect(listing).toMatch(/big\.bin/);
  }, 120_000);

  it('installs an aapt-built APK with push then install progress, lists, launches and uninstalls it', async () => {
    const apk = buildApk({
      packageName: 'com.tactile.hello',
      label: 'Hello Tactile',
      versionCode: 3,
      versionName: '1.2.0',
      assetBytes: 2 * 1024 * 1024,
    });
    const done = await push('apk', '/data/local/tmp', 'hello.apk', apk);
    expect(done.install).toMatchObject({ package: 'com.tactile.hello', output: 'Success\n' });
    // The install was the executor's: a receipt under the console's name, in the journal, announced.
    expect(done.install?.receipt).toMatchObject({
      tool: 'tactile.install_app',
      args: { apk_path: '/data/local/tmp/hello.apk' },
      status: 'completed',
      owner: { client: 'console' },
      result: { package: 'com.tactile.hello', output: 'Success\n' },
    });
    const journaled = await call<{ receipts: Array<{ operation_id: string; tool: string }> }>('receipts.list', {
      limit: 50,
    });
    expect(journaled.receipts.find((r) => r.operation_id === done.install?.receipt.operation_id)?.tool).toBe(
      'tactile.install_app',
    );
    expect(announced.map((r) => r.operation_id)).toContain(done.install?.receipt.operation_id);
    expect(progress.filter((p) => p.transfer_id === done.transfer_id).map((p) => p.phase)).toEqual(
      expect.arrayContaining(['push', 'install', 'done']),
    );
    expect(await shell('ls -a /data/local/tmp')).not.toMatch(/hello\.apk/);
    // Replaying the recorded install: its APK went with the first one, so nothing is sent and the receipt says why.
    const replay = await call<{ receipt: { status: string; code: string; path: string; message: string } }>(
      'device.execute',
      { serial, envelope: { tool: 'tactile.install_app', args: { apk_path: '/data/local/tmp/hello.apk' } } },
    );
    expect(replay.receipt).toMatchObject({ status: 'not_started', code: 'NOT_FOUND', path: '/args/apk_path' });
    expect(replay.receipt.message).toContain('push the APK again');
    // A name the install would refuse is refused before any byte is pushed.
    await expect(
      call('transfer.push-begin', {
        serial,
        kind: 'apk',
        dir: '/data/local/tmp',
        name: 'hello.zip',
        size: 1,
        transfer_id: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const { apps } = await call<{ apps: Array<Record<string, unknown>> }>('apps.list', { serial });
    expect(apps.find((a) => a.package === 'com.tactile.hello')).toEqual({
      package: 'com.tactile.hello',
      label: 'Hello Tactile',
      version_name: '1.2.0',
      version_code: 3,
      system: false,
    });
    expect(apps.find((a) => a.package === 'com.android.settings')).toMatchObject({ system: true });
    await call('apps.action', { serial, package: 'com.tactile.hello', action: 'launch' });
    expect(await shell('dumpsys activity activities')).toMatch(/com\.tactile\.hello\/\.MainActivity/);
    await call('apps.action', { serial, package: 'com.tactile.hello', action: 'uninstall' });
    expect(
      (await call<{ apps: Array<{ package: string }> }>('apps.list', { serial })).apps.map((a) => a.package),
    ).not.toContain('com.tactile.hello');

    const unsigned = await push(
      'apk',
      '/data/local/tmp',
      'bad.apk',
      buildApk({ packageName: 'com.tactile.bad', label: 'Bad', versionCode: 1, versionName: '1', sign: false }),
    );
    expect(unsigned.install?.package).toBeNull();
    expect(unsigned.install?.output).toMatch(/^Failure \[INSTALL_PARSE_FAILED_NO_CERTIFICATES/);
    expect(unsigned.install?.receipt).toMatchObject({
      tool: 'tactile.install_app',
      status: 'not_started',
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/^INSTALL_PARSE_FAILED_NO_CERTIFICATES: The APK is not signed/),
    });
    expect(await shell('ls -a /data/local/tmp')).not.toMatch(/bad\.apk/);
  }, 120_000);

  it('buttons without a mirror go over adb: Recents opens the overview, quick settings the shade', async () => {
    expect(await call('device.button', { serial, button: 'app_switch' })).toEqual({ via: 'adb' });
    expect(JSON.parse(await shell('dumpsys tactile_lab')).system).toMatchObject({ recents: true });
    await call('device.button', { serial, button: 'app_switch' });
    await call('device.button', { serial, button: 'quick_settings' });
    expect(JSON.parse(await shell('dumpsys tactile_lab')).system).toMatchObject({
      recents: false,
      shade: 'quick_settings',
    });
    await call('device.button', { serial, button: 'collapse_panels' });
    await expect(call('device.type', { serial, text: 'hi' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    // Each was an action of the executor: a receipt journaled under the console's name (issue 25).
    const { receipts } = await call<{
      receipts: Array<{ tool: string; args: unknown; status: string; owner: { client: string } }>;
    }>('receipts.list', { limit: 50 });
    const pressed = receipts
      .filter((r) => r.tool === 'press_key' || r.tool === 'tactile.button')
      .map((r) => [r.tool, r.args, r.status, r.owner.client]);
    expect(pressed).toEqual(
      expect.arrayContaining([
        ['press_key', { key: 'app_switch' }, 'completed', 'console'],
        ['tactile.button', { button: 'quick_settings' }, 'completed', 'console'],
        ['tactile.button', { button: 'collapse_panels' }, 'completed', 'console'],
      ]),
    );
    expect(receipts.map((r) => r.tool)).toEqual(expect.arrayContaining(['manage_app', 'tactile.uninstall_app']));
  }, 60_000);

  it('saves a device-pixel PNG named by model, serial and time, and records the mirror to an H.264 MP4 without re-encoding', async () => {
    const shot = await call<{ name: string; data: Uint8Array }>('capture.screenshot', { serial });
    expect(shot.name).toMatch(/^Tactile_Virtual_Phone_127\.0\.0\.1_\d+_\d{8}-\d{6}\.png$/);
    expect(Buffer.from(shot.data).readUInt32BE(16)).toBe(1080);
    const configs: Uint8Array[] = [];
    services.events.onAny((channel, payload) => {
      const p = payload as EventOf<'mirror.packet'>;
      if (channel === 'mirror.packet' && p.type === 'configuration') configs.push(p.data);
    });
    const mirror = await call<{ session: string }>('mirror.start', { serial, max_size: 800 });
    const { recording } = await call<{ recording: string }>('recording.start', { session: mirror.session });
    // Something moves on screen meanwhile (the timeline plays), so frames keep coming.
    await shell('input keyevent 85');
    await new Promise((r) => setTimeout(r, 2500)); // the recording's length: 2.5 s of video, not a wait for an event
    const mp4 = await call<{ name: string; path: string; duration_ms: number; frames: number; size: number }>(
      'recording.stop',
      { recording },
    );
    await call('mirror.stop', { session: mirror.session });
    expect(mp4.name).toMatch(/\.mp4$/);
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', mp4.path]).toString(),
    ) as {
      streams: Array<{
        codec_name: string;
        profile: string;
        width: number;
        height: number;
        nb_frames: string;
        extradata?: string;
      }>;
      format: { duration: string; size: string };
    };
    const v = probe.streams[0]!;
    expect(v.codec_name).toBe('h264');
    expect(Number(probe.format.duration)).toBeGreaterThan(1.5);
    expect(Number(probe.format.size)).toBe(mp4.size);
    expect(Number(v.nb_frames)).toBe(mp4.frames);
    // No re-encode: the file's SPS is the stream's own (profile and level bytes match the mirror's configuration).
    const sps = Buffer.from(configs.at(-1)!);
    const spsAt = sps.indexOf(Buffer.from([0, 0, 0, 1, 0x67])) + 5;
    const file = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=profile,level,width,height',
      '-of',
      'json',
      mp4.path,
    ]).toString();
    expect(JSON.parse(file).streams[0]).toMatchObject({ level: sps[spsAt + 2] });
    writeFileSync(join(data, 'probe.json'), file);
  }, 90_000);
});
