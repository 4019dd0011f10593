// UiAutomation lost (issue 29.7), played by the virtual helper's test fault `persist.tactile.sim.uiautomation_lost`
// (every helper then exits 6 at its first UiAutomation call) with the console's services in this process and
// `tactile run` as a child process on the same device: a call that meets the loss is not_started,
// CAPABILITY_UNAVAILABLE, naming exit 6 (never `unknown`: the helper said nothing after it ran); the console
// restarts the helper as its policy says, its device row stops saying "helper" and its notice names the exit;
// CLI calls keep failing fast with the cause; once the fault is gone the next use brings the helper back.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceLocks } from '../../electron/device/lock';
import { startAppServices, type AppServices } from '../../electron/services/app-services';
import { createConsoleExecutor } from '../../electron/services/console-executor';
import type { DeviceRow } from '../../shared/ipc';
import type { HelperNotice } from '../../shared/ipc/helper-notices';
import type { Receipt } from '../../shared/receipts';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { buildCliBundle } from '../support/cli-bundle';

let dir: string;
let data: string;
let server: TestAdbServer;
let services: AppServices;
let serial: string;
let cli: Awaited<ReturnType<typeof buildCliBundle>>;
let clickFile: string;
const click = { tool: 'click', args: { target: [500, 500] } };

async function call<T = Record<string, unknown>>(channel: string, payload: unknown): Promise<T> {
  const reply = await services.dispatch(channel, payload);
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.code} ${reply.error.message}`);
  return reply.result as T;
}

function run(): Promise<Receipt> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli.file, 'run', clickFile, '--serial', serial, '--json'], {
      env: { ...server.env, TACTILE_DATA_DIR: data },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('close', () => {
      try {
        resolve(JSON.parse(out) as Receipt);
      } catch {
        reject(new Error(`not a receipt: ${out.slice(0, 500)}`));
      }
    });
  });
}

const setFault = (on: boolean) =>
  server.adb(['-s', serial, 'shell', `setprop persist.tactile.sim.uiautomation_lost ${on ? 1 : 0}`]);
const row = async () =>
  (await call<{ devices: DeviceRow[] }>('devices.list', {})).devices.find((d) => d.serial === serial)!;
const capabilities = () => call<{ backend: string; notices?: HelperNotice[] }>('device.capabilities', { serial });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-uiautomation-lost-'));
  data = join(dir, 'data');
  cli = await buildCliBundle();
  server = await startAdbServer();
  services = await startAppServices({
    adbServers: [`127.0.0.1:${server.port}`],
    embedded: 'always',
    createExecutor: createConsoleExecutor,
    journalDir: join(data, 'receipts'),
    locks: new DeviceLocks({ dir: join(data, 'locks') }),
  });
  serial = services.embeddedSerial!;
  clickFile = join(dir, 'click.json');
  await writeFile(clickFile, JSON.stringify(click));
}, 120_000);

afterAll(async () => {
  await services?.stop();
  await server?.stop();
  await cli?.remove();
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('UiAutomation lost (helper exit 6)', () => {
  it('is named in the receipt and the device row, restarted as the policy says, and calls fail fast with the cause', async () => {
    expect((await capabilities()).backend).toBe('helper');
    await expect.poll(async () => (await row()).backend, { timeout: 30_000 }).toBe('helper');
    await setFault(true);

    // The console's call meets the loss: its before-read is answered INTERNAL (exit 6), its input is never sent.
    const consoleCall = (await call<{ receipt: Receipt }>('device.execute', { serial, envelope: click })).receipt;
    expect(consoleCall).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE' });
    expect(consoleCall.message).toMatch(/lost its UiAutomation connection.*\(exit 6\)/);

    // The console restarts the helper (each restart meets the loss at its first read) until its budget is
    // spent; then its row no longer says "helper" and its notice names the exit.
    await expect
      .poll(
        async () => {
          await call('device.observe', { serial }).catch(() => null); // the overlay's reads use each restarted helper
          return (await row()).backend;
        },
        { timeout: 60_000, interval: 200 },
      )
      .not.toBe('helper');
    const notice = (await capabilities()).notices?.find((n) => n.kind === 'helper_unavailable');
    expect(notice?.text).toMatch(/lost its UiAutomation connection mid-session \(exit 6\).*restarted 3 times/);

    // CLI calls, each in a process of its own, fail fast and name the exit, never `unknown`.
    for (let i = 0; i < 2; i++) {
      const r = await run();
      expect(r).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE' });
      expect(r.message).toMatch(/\(exit 6\)/);
    }
    // A tool that needs the helper says why it is not there.
    const read = (
      await call<{ receipt: Receipt }>('device.execute', {
        serial,
        envelope: { tool: 'read_control', args: { selector: { resource_id: 'com.tactile.lab:id/checkbox' } } },
      })
    ).receipt;
    expect(read).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE' });
    expect(read.message).toMatch(/exit 6/);

    // The cause gone, the next use after the retry pause starts the helper again.
    await setFault(false);
    await expect.poll(async () => (await capabilities()).backend, { timeout: 60_000, interval: 500 }).toBe('helper');
    expect(await run()).toMatchObject({ status: 'completed' });
  }, 300_000);
});
