// Backend choice per device: the helper on API 34, a helper on API 25 without multi-finger injection, the
// shell fallback when the helper cannot start; and `tactile run` / `tactile lock status` through the CLI.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalQueue } from '../../agents/approvals';
import { createMcpServer } from '../../agents/mcp/server';
import { DRAG_SETTLE_MS } from '../../shared/gesture';
import type { AdbServer } from '../../electron/adb';
import { DeviceLocks } from '../../electron/device/lock';
import { adbDeviceLinks, createExecutor, type Executor } from '../../electron/executor';
import { HELPER_ARTIFACT, HelperSupervisor, installHelper } from '../../electron/helper';
import { ReceiptJournal } from '../../electron/receipts';
import { REGIONS_WAIT_MS, withTouchableRegions } from '../../electron/services/window-regions';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { connectVirtualDevice, labDump, testAdbClient } from '../support/executor-rig';

let server: TestAdbServer;
let adb: AdbServer;
let dir: string;
const devices: VirtualDevice[] = [];
const supervisors: HelperSupervisor[] = [];

async function device(
  sdk = 34,
): Promise<{ vd: VirtualDevice; serial: string; executor: Executor; helpers: HelperSupervisor }> {
  const vd = await startVirtualDevice({ sdk });
  devices.push(vd);
  const serial = await connectVirtualDevice(adb, vd);
  const helpers = new HelperSupervisor(adb, { startTimeoutMs: 1500 });
  supervisors.push(helpers);
  const executor = createExecutor({
    links: adbDeviceLinks(adb, helpers),
    locks: new DeviceLocks({ dir: join(dir, 'locks') }),
    journal: new ReceiptJournal({ dir: join(dir, 'receipts') }),
  });
  return { vd, serial, executor, helpers };
}

const count = async (serial: string) => (await labDump(adb, serial)).input_event_count;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-backends-'));
  server = await startAdbServer();
  adb = testAdbClient(server);
}, 30_000);

afterAll(async () => {
  for (const h of supervisors) h.stopAll();
  for (const d of devices) await d.stop();
  await server?.stop();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 }); // the last after-evidence may still land
});

describe('helper install', () => {
  it('pushes the artifact when the device copy differs, skips it when the hash matches, says so when there is none', async () => {
    const { serial } = await device();
    const jar = join(dir, 'helper.jar');
    await writeFile(jar, 'first build');
    expect(await installHelper(adb, serial, jar)).toMatchObject({ pushed: true });
    expect(await installHelper(adb, serial, jar)).toMatchObject({ pushed: false, reason: 'up_to_date' });
    await writeFile(jar, 'second build');
    expect(await installHelper(adb, serial, jar)).toMatchObject({ pushed: true });
    expect(await installHelper(adb, serial, join(dir, 'absent.jar'))).toMatchObject({
      pushed: false,
      reason: 'artifact_absent',
    });
    expect(HELPER_ARTIFACT).toMatch(/helper-apk\/target\/tactile-helper\.jar$/);
  });
});

describe('capabilities per device', () => {
  it('API 25: the helper runs, but pinch and touch_gesture are not offered and are refused before input', async () => {
    const { serial, executor } = await device(25);
    const caps = await executor.capabilities(serial);
    expect(caps).toMatchObject({ backend: 'helper', sdk: 25 });
    expect(caps.tools).not.toContain('pinch');
    expect(caps.tools).toContain('read_control');
    const before = await count(serial);
    const r = await executor.run(
      {
        tool: 'touch_gesture',
        args: {
          frames: [
            {
              at_ms: 0,
              points: [
                [400, 500],
                [600, 500],
              ],
            },
            {
              at_ms: 200,
              points: [
                [400, 600],
                [600, 600],
              ],
            },
          ],
          target_description: 'x',
        },
      },
      { serial, owner: 'test' },
    );
    expect(r).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE' });
    expect(await count(serial)).toBe(before);
    const ime = await executor.run(
      {
        tool: 'control_action',
        args: { selector: { resource_id: 'com.tactile.lab:id/edit_text' }, action: 'ime_enter' },
      },
      { serial, owner: 'test' },
    );
    expect(ime).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE', path: '/args/action' });
  });

  it('API 25: a one-finger drag rests at its end on the one pointer the helper holds; tactile mcp lists drag, not pinch', async () => {
    const { vd, serial, executor } = await device(25);
    const caps = await executor.capabilities(serial);
    expect(caps.capabilities).toEqual(expect.arrayContaining(['inject.single_pointer', 'inject.hold']));
    expect(caps.capabilities).not.toContain('inject.multi_pointer');
    expect(caps.tools).toContain('drag');
    vd.android.input.clearReceived();
    const drag = await executor.run(
      { tool: 'drag', args: { start: [300, 500], end: [700, 500], duration_ms: 300, target_description: 'x' } },
      { serial, owner: 'test' },
    );
    expect(drag).toMatchObject({ status: 'completed', code: null, dispatch: { backend: 'helper' } });
    // One pointer throughout; it reaches the end point and stays there (event times the helper stamped) for the
    // drag's settle before the up: the rest is that pointer held, not a second segment.
    const events = vd.android.input.received().filter((e) => e.kind === 'motion');
    expect(events.map((e) => e.pointer_count).every((n) => n === 1)).toBe(true);
    const up = events.at(-1)!;
    expect(up.action).toBe('up');
    const arrived = events.find(
      (e) => e.pointers[0]!.x === up.pointers[0]!.x && e.pointers[0]!.y === up.pointers[0]!.y,
    )!;
    expect(arrived.action).toBe('move');
    expect(up.t_ms! - arrived.t_ms!).toBeGreaterThanOrEqual(DRAG_SETTLE_MS);

    const server = createMcpServer({
      executor,
      approvals: new ApprovalQueue({ defaultPolicy: 'session' }),
      serial,
      dialect: 'canonical',
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'old-device', version: '1' });
    await client.connect(b);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('drag');
    expect(names).not.toContain('pinch');
    expect(names).not.toContain('touch_gesture');
    await client.close();
  }, 30_000);

  it('falls back to adb shell input when the helper cannot start', async () => {
    const { vd, serial, executor } = await device();
    // Something else holds the helper's socket name: app_process exits at once.
    const squatter = vd.android.sockets.listen('localabstract:tactile-helper', (s) => s.close());
    try {
      const caps = await executor.capabilities(serial);
      expect(caps.backend).toBe('adb_input');
      expect(caps.helper_problem).toMatch(/exited|listen/);
      expect(caps.capabilities).toEqual(['inject.single_pointer']);
      // A drag rests before lifting: `input swipe` cannot send that, so it is not offered and is refused unsent.
      expect(caps.tools).not.toContain('drag');
      const before = await count(serial);
      const drag = await executor.run(
        { tool: 'drag', args: { start: [500, 900], end: [500, 880], target_description: 'x' } },
        { serial, owner: 'test' },
      );
      expect(drag).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE' });
      expect(await count(serial)).toBe(before);
      const swipe = await executor.run(
        { tool: 'swipe', args: { start: [500, 900], end: [500, 880], duration_ms: 100 } },
        { serial, owner: 'test' },
      );
      expect(swipe).toMatchObject({ status: 'completed', dispatch: { backend: 'adb_input' } });
      expect(await count(serial)).toBeGreaterThan(before);
    } finally {
      squatter();
    }
  });
});

describe('a console read beside input', () => {
  it("the overlay's region read queued behind a long drag gives up waiting without dropping the link the drag runs on", async () => {
    const { vd, serial, executor, helpers } = await device();
    const status = await helpers.ensure(serial);
    if (status.state !== 'connected') throw new Error(status.message);
    const channel = status.channel;
    // The helper answers in order: an observe sent during this 8 s drag waits for the drag's end. It is sent once
    // the finger is down (on a loaded machine the executor's before-capture can take longer than a fixed delay),
    // and the drag outlasts the read's 2 s wait by seconds however late that is noticed.
    const drag = executor.run(
      {
        tool: 'drag',
        args: { start: [300, 500], end: [700, 500], duration_ms: 8000, target_description: 'long drag' },
      },
      { serial, owner: 'test' },
    );
    await expect.poll(() => vd.android.input.pointersDown, { timeout: 15_000, interval: 10 }).toBeGreaterThan(0);
    const windows = [
      {
        window: 0,
        id: 1,
        layer: 0,
        title: '',
        type: 'TYPE_APPLICATION',
        bounds_px: [0, 0, 1, 1] as [number, number, number, number],
        active: true,
        focused: true,
        package_name: 'p',
      },
    ];
    const started = Date.now();
    expect(await withTouchableRegions(windows, async () => channel)).toBe(windows); // late: the bounds stand in
    expect(Date.now() - started).toBeGreaterThanOrEqual(REGIONS_WAIT_MS - 50);
    expect(await drag).toMatchObject({ status: 'completed', code: null, dispatch: { backend: 'helper' } });
    expect(channel.alive).toBe(true); // the same helper session goes on serving
  }, 30_000);
});

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    child.once('close', (code) => resolve({ code, stdout }));
  });
}

describe('tactile run and tactile lock status', () => {
  it('prints the receipt and exits 0/1 by outcome; lock status reports the device free afterwards', async () => {
    const { serial } = await device();
    const env = { ...server.env, TACTILE_DATA_DIR: join(dir, 'cli-data') };
    const seq = join(dir, 'seq.json');
    await writeFile(
      seq,
      JSON.stringify({
        tool: 'action_sequence',
        args: {
          steps: [
            { action: 'click', target: [500, 3], target_description: 'top', coordinate_space: 'normalized' },
            {
              action: 'click',
              target: 'com.tactile.lab:id/missing',
              target_description: 'missing',
              coordinate_space: 'normalized',
            },
            { action: 'wait', time_in_ms: 10 },
          ],
        },
      }),
    );
    const failed = await cli(['run', seq, '--serial', serial, '--json'], env);
    expect(failed.code).toBe(1);
    const receipt = JSON.parse(failed.stdout);
    expect(receipt).toMatchObject({
      status: 'partial',
      code: 'NOT_FOUND',
      device_serial: serial,
      owner: { client: 'cli' },
    });
    expect(receipt.members.map((m: { status: string }) => m.status)).toEqual([
      'completed',
      'not_started',
      'not_started',
    ]);

    const read = join(dir, 'read.json');
    await writeFile(
      read,
      JSON.stringify({ tool: 'read_control', args: { selector: { resource_id: 'com.tactile.lab:id/seekbar' } } }),
    );
    const ok = await cli(['run', read, '--serial', serial, '--json'], env);
    expect(ok.code).toBe(0);
    const reading = JSON.parse(ok.stdout);
    expect(reading.control).toMatchObject({ range: { min: 0, max: 100, current: 50 }, selection: null });
    expect(reading.control.token).toMatch(/^[a-f0-9]{64}$/);
    expect(reading.control.content_signature).toMatch(/^[a-f0-9]{64}$/);
    expect(reading.control.flags).toHaveProperty('enabled', true);

    const status = await cli(['lock', 'status', '--serial', serial, '--json'], env);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).locks[0]).toMatchObject({ serial, state: 'free' });
  }, 60_000);
});
