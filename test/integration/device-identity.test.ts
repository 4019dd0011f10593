// One lock per physical device, against the real adb server (private port) and the virtual device: every name
// adb accepts for a held device (its serial, `127.0.0.1:0PORT`, model:/device:/product:, transport_id:N, a second
// transport of the same phone) gets DEVICE_BUSY, through the console's request dispatch, an in-process executor
// (as an agent server would call it) and `tactile run`; and nothing reaches the device. `dumpsys tactile_lab`
// proves what reached it.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdbServer } from '../../electron/adb';
import { deviceResolver, type ResolvedDevice } from '../../electron/device/identity';
import { DeviceLocks } from '../../electron/device/lock';
import { createExecutor, serverDeviceLinks, type Executor } from '../../electron/executor';
import { ReceiptJournal } from '../../electron/receipts';
import { startAppServices, type AppServices } from '../../electron/services/app-services';
import { createConsoleExecutor } from '../../electron/services/console-executor';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import type { Receipt } from '../../shared/receipts';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { connectVirtualDevice, labDump, testAdbClient } from '../support/executor-rig';

let dir: string;
let data: string;
let server: TestAdbServer;
let adb: AdbServer;
let vd: VirtualDevice;
let serial: string;
let device: ResolvedDevice;
let locks: DeviceLocks;
let services: AppServices;
let agent: ReturnType<typeof serverDeviceLinks>;
let executor: Executor;
const others: VirtualDevice[] = [];

const click = { tool: 'click', args: { target: [500, 500] } };
const events = async (s = serial) => (await labDump(adb, s)).input_event_count;

/** Every name adb accepts for the virtual device, read from `adb devices -l`. */
async function aliases(): Promise<string[]> {
  const line = (await server.adb(['devices', '-l'])).stdout.split('\n').find((l) => l.startsWith(`${serial} `))!;
  const field = (key: string) => new RegExp(`\\b${key}:(\\S+)`).exec(line)![1]!;
  return [
    serial,
    `127.0.0.1:0${vd.port}`,
    `127.0.0.1:00${vd.port}`,
    `model:${field('model')}`,
    `device:${field('device')}`,
    `product:${field('product')}`,
    `transport_id:${field('transport_id')}`,
  ];
}

async function execute(alias: string, envelope: unknown = click): Promise<Receipt> {
  const reply = await services.dispatch('device.execute', { serial: alias, envelope });
  if (!reply.ok) throw new Error(`device.execute ${alias}: ${JSON.stringify(reply.error)}`);
  return (reply.result as { receipt: Receipt }).receipt;
}

function cli(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
      env: { ...server.env, TACTILE_DATA_DIR: data },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    child.once('close', (code) => resolve({ code, stdout }));
  });
}

async function heldBy(client: string, identity = device.identity): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (locks.status(identity)[0]?.holder?.owner.client !== client) {
    if (Date.now() > deadline) throw new Error(`the device was not held by ${client}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-identity-'));
  data = join(dir, 'data');
  server = await startAdbServer();
  adb = testAdbClient(server);
  vd = await startVirtualDevice({});
  serial = await connectVirtualDevice(adb, vd);
  device = await deviceResolver([adb])(serial);
  locks = new DeviceLocks({ dir: join(data, 'locks') });
  services = await startAppServices({
    adbServers: [`127.0.0.1:${server.port}`],
    embedded: 'never',
    createExecutor: createConsoleExecutor,
    journalDir: join(data, 'receipts'),
    locks,
  });
  agent = serverDeviceLinks([adb], { watchTransports: true }); // as tactile mcp and tactile bridge run
  executor = createExecutor({ links: agent, locks, journal: new ReceiptJournal({ dir: join(data, 'receipts') }) });
}, 60_000);

afterAll(async () => {
  agent?.stop();
  await services?.stop();
  for (const other of others) await other.stop();
  await vd?.stop();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5 }); // the last after-evidence may still land
});

describe('the device identity', () => {
  it("is the device's ro.serialno, and adb's canonical serial for every alias", async () => {
    const serialno = (await server.adb(['-s', serial, 'shell', 'getprop', 'ro.serialno'])).stdout.trim();
    expect(serialno).toMatch(/^TACTILE[0-9A-F]{10}$/);
    expect(device).toMatchObject({ identity: serialno, serial });
    expect(device.transportId).toBeGreaterThan(0);
    const resolve = deviceResolver([adb]);
    for (const alias of await aliases())
      expect(await resolve(alias), alias).toMatchObject({ identity: serialno, serial });
  });

  it('differs between two virtual devices, which never block each other', async () => {
    const second = await startVirtualDevice({});
    others.push(second);
    const secondSerial = await connectVirtualDevice(adb, second);
    const other = await deviceResolver([adb])(secondSerial);
    expect(other.identity).not.toBe(device.identity);
    const held = locks.acquire(device, 'holder');
    try {
      expect(held.ok).toBe(true);
      const r = await execute(secondSerial, { tool: 'wait_for_delay', args: { time_in_ms: 0 } });
      expect(r).toMatchObject({
        status: 'observed',
        code: null,
        device_serial: secondSerial,
        device_id: other.identity,
      });
      // Two devices now answer to the same model name: adb refuses to choose, and so do we.
      expect(await execute('model:Tactile_Virtual_Phone')).toMatchObject({ status: 'not_started', code: 'AMBIGUOUS' });
    } finally {
      if (held.ok) held.lock.release();
      await adb.disconnect(secondSerial);
      await server.waitForState(secondSerial, null);
    }
  }, 60_000);
});

describe('a held device answers DEVICE_BUSY under every name', () => {
  it('through the console requests and an in-process executor, while a 6 s wait_for_delay holds it', async () => {
    const names = await aliases();
    const before = await events();
    const holder = execute(serial, { tool: 'wait_for_delay', args: { time_in_ms: 6000 } });
    await heldBy('console');
    const viaConsole = await Promise.all(names.map((alias) => execute(alias)));
    const viaExecutor = await Promise.all(names.map((alias) => executor.run(click, { serial: alias, owner: 'agent' })));
    for (const [i, r] of [...viaConsole, ...viaExecutor].entries()) {
      expect(r, names[i % names.length]).toMatchObject({
        status: 'not_started',
        code: 'DEVICE_BUSY',
        device_serial: serial,
        device_id: device.identity,
      });
      expect(r.message).toContain('console (pid');
    }
    const status = await services.dispatch('lock.status', { serial: `127.0.0.1:0${vd.port}` });
    expect(status).toMatchObject({
      ok: true,
      result: { serial, state: 'held', holder: { owner: { client: 'console' } } },
    });
    const held = await holder;
    expect(held).toMatchObject({ status: 'observed', code: null, device_serial: serial });
    // The receipt's clock starts once the lock is held: the wait itself, not the time to get the device.
    expect(Date.parse(held.started_at)).toBeGreaterThanOrEqual(
      Date.parse(locks.status(device.identity)[0]!.holder?.acquired_at ?? held.started_at),
    );
    expect(await events()).toBe(before);
  }, 60_000);

  it('through `tactile run --serial ALIAS` (one process per alias, all at once)', async () => {
    const names = await aliases();
    const file = join(dir, 'click.json');
    await writeFile(file, JSON.stringify(click));
    const before = await events();
    const held = locks.acquire(device, 'holder');
    if (!held.ok) throw new Error('could not hold the device');
    let runs;
    try {
      runs = await Promise.all(names.map((alias) => cli(['run', file, '--serial', alias, '--json'])));
    } finally {
      held.lock.release();
    }
    for (const [i, run] of runs.entries()) {
      expect(run.code, names[i]).toBe(1);
      expect(JSON.parse(run.stdout), names[i]).toMatchObject({
        status: 'not_started',
        code: 'DEVICE_BUSY',
        device_serial: serial,
        device_id: device.identity,
      });
    }
    expect(await events()).toBe(before);

    // Free again, the alias with a leading zero reaches the device like its serial.
    const free = await cli(['run', file, '--serial', `127.0.0.1:0${vd.port}`, '--json']);
    expect(JSON.parse(free.stdout)).toMatchObject({
      status: 'completed',
      device_serial: serial,
      device_id: device.identity,
    });
    expect(await events()).toBeGreaterThan(before);
  }, 120_000);

  it('under a second transport of the same device (one phone over USB and Wi-Fi)', async () => {
    const second = await adb.connect(`localhost:${vd.port}`);
    await adb.waitForDevice(second);
    try {
      expect(second).not.toBe(serial);
      const other = await deviceResolver([adb])(second);
      expect(other).toMatchObject({ identity: device.identity, serial: second });
      const held = locks.acquire(device, 'holder');
      try {
        expect(await executor.run(click, { serial: second, owner: 'agent' })).toMatchObject({
          code: 'DEVICE_BUSY',
          device_serial: second,
          device_id: device.identity,
        });
      } finally {
        if (held.ok) held.lock.release();
      }
    } finally {
      await adb.disconnect(second);
    }
  }, 60_000);
});

describe('serials that name no device', () => {
  it('device.capabilities answers DEVICE_NOT_FOUND for a device that does not exist', async () => {
    for (const name of ['no-such-device', '127.0.0.1:1', 'model:Nope']) {
      expect(await services.dispatch('device.capabilities', { serial: name }), name).toMatchObject({
        ok: false,
        error: { code: 'DEVICE_NOT_FOUND' },
      });
    }
    await expect(executor.capabilities('no-such-device')).rejects.toMatchObject({ code: 'DEVICE_NOT_FOUND' });
  });

  it('a 200-character serial is DEVICE_NOT_FOUND, never INTERNAL, and no message names a path', async () => {
    const long = `${'s:'.repeat(100)}`;
    const r = await execute(long);
    expect(r).toMatchObject({ status: 'not_started', code: 'DEVICE_NOT_FOUND' });
    expect(JSON.stringify(r)).not.toContain(data);
    const refused = await services.dispatch('device.execute', { serial: 'emulator-5554\n', envelope: click });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_SERIAL', path: '/serial' } });
    const cliRefused = await cli(['run', join(dir, 'click.json'), '--serial', '\u0001', '--json']);
    expect(cliRefused.code).toBe(2);
    expect(JSON.parse(cliRefused.stdout)).toMatchObject({ errors: [{ code: 'INVALID_SERIAL' }] });
  }, 60_000);
});

describe('an agent server (tactile mcp) resolving the name it was given for every call', () => {
  it('asks adb once, not per call, while the server announced no transport change', async () => {
    const hostQueries = (calls: unknown[][]) =>
      calls.filter(([action]) => action === 'get-serialno' || action === 'devices -l').length;
    const asked = vi.spyOn(adb, 'run');
    try {
      // The transport watch starts in the background: once it follows the device, a resolve asks adb nothing.
      const deadline = Date.now() + 30_000;
      for (;;) {
        asked.mockClear();
        expect((await agent.resolve!(serial)).identity).toBe(device.identity);
        if (hostQueries(asked.mock.calls) === 0) break;
        if (Date.now() > deadline) throw new Error('every resolve asked adb: the resolution is not reused');
        await new Promise((r) => setTimeout(r, 20));
      }
      asked.mockClear();
      for (let i = 0; i < 3; i++)
        expect(await executor.run(click, { serial, owner: 'agent' })).toMatchObject({
          status: 'completed',
          device_id: device.identity,
        });
      expect(hostQueries(asked.mock.calls)).toBe(0);
    } finally {
      asked.mockRestore();
    }
  }, 60_000);
});

describe('a device replaced at the same address', () => {
  it('has its identity read again before the next lock, in the console, an agent server and the CLI alike', async () => {
    const file = join(dir, 'click.json');
    await writeFile(file, JSON.stringify(click));
    const old = device.identity;
    // The console knows the device (its identity cached for its transport) and holds it while it is replaced.
    expect(await execute(serial, click)).toMatchObject({ status: 'completed', device_id: old });
    expect(await executor.run(click, { serial, owner: 'agent' })).toMatchObject({
      status: 'completed',
      device_id: old,
    });
    const holding = execute(serial, { tool: 'wait_for_delay', args: { time_in_ms: 3000 } });
    await heldBy('console');
    const port = vd.port;
    await vd.stop();
    vd = await startVirtualDevice({ port }); // another phone answers at the same address: adb keeps serial and transport id
    await adb.waitForDevice(serial);
    const now = await deviceResolver([adb])(serial);
    expect(now.identity).not.toBe(old);
    expect(now.transportId).toBe(device.transportId);
    // The console's operation on the old device ends (observed, or not started if the device left before its
    // screen was read) under the old identity.
    expect(await holding).toMatchObject({ device_id: old });

    // Every client now names the new device, so they share its one lock.
    expect(await execute(serial, click)).toMatchObject({ status: 'completed', device_id: now.identity });
    expect(await executor.run(click, { serial, owner: 'agent' })).toMatchObject({
      status: 'completed',
      device_id: now.identity,
    });
    expect(JSON.parse((await cli(['run', file, '--serial', serial, '--json'])).stdout)).toMatchObject({
      status: 'completed',
      device_id: now.identity,
    });
    const held = execute(serial, { tool: 'wait_for_delay', args: { time_in_ms: 6000 } });
    await heldBy('console', now.identity);
    const before = await events();
    expect(await executor.run(click, { serial, owner: 'agent' })).toMatchObject({
      status: 'not_started',
      code: 'DEVICE_BUSY',
      device_id: now.identity,
    });
    const run = await cli(['run', file, '--serial', serial, '--json']);
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: 'not_started',
      code: 'DEVICE_BUSY',
      device_id: now.identity,
    });
    expect(await events()).toBe(before);
    expect(await held).toMatchObject({ status: 'observed', device_id: now.identity });
  }, 120_000);
});
