// `tactile flow validate`, `tactile flow run` and `tactile schema flow` as processes, against the real adb server
// and virtual devices: exit 0 only when every step succeeded on every device, 1 otherwise, 2 for usage errors.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeviceInfo, observe, type AdbServer } from '../../electron/adb';
import { readReceipts } from '../../electron/receipts';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { FLOW_FORMAT } from '../../shared/flows';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { buildCliBundle } from '../support/cli-bundle';
import { connectVirtualDevice, labDump, testAdbClient } from '../support/executor-rig';

const LAB = 'com.tactile.lab:id/';

let dir: string;
let server: TestAdbServer;
let adb: AdbServer;
let cli: Awaited<ReturnType<typeof buildCliBundle>>;
const devices: Array<{ vd: VirtualDevice; serial: string }> = [];
let flowFile: string;

function tactile(args: string[]): Promise<{ code: number | null; json: Record<string, unknown>; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli.file, ...args], {
      env: { ...server.env, TACTILE_DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      try {
        resolve({ code, json: JSON.parse(out) as Record<string, unknown>, stderr: err });
      } catch {
        reject(new Error(`not one JSON object (exit ${code}): ${out.slice(0, 500)} ${err.slice(0, 500)}`));
      }
    });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-flow-cli-'));
  cli = await buildCliBundle();
  server = await startAdbServer();
  adb = testAdbClient(server);
  for (let i = 0; i < 3; i++) {
    const vd = await startVirtualDevice({});
    devices.push({ vd, serial: await connectVirtualDevice(adb, vd) });
  }
  const info = await getDeviceInfo(adb, devices[0]!.serial);
  flowFile = join(dir, 'tick.json');
  await writeFile(
    flowFile,
    JSON.stringify({
      format: FLOW_FORMAT,
      name: 'Tick',
      recorded_on: { screen: info.screen, density: info.density, rotation: info.rotation, sdk: info.sdk, packages: {} },
      steps: [
        {
          tool: 'action_sequence',
          args: { steps: [{ action: 'click', target: `${LAB}checkbox`, target_description: 'checkbox' }] },
        },
        { tool: 'swipe', args: { start: [500, 900], end: [500, 850], duration_ms: 200 } },
        { tool: 'wait_until', args: { selector: { resource_id: `${LAB}checkbox` }, state: 'checked' } },
      ],
    }),
  );
}, 90_000);

afterAll(async () => {
  for (const { vd } of devices) await vd.stop();
  await server?.stop();
  await cli?.remove();
  await rm(dir, { recursive: true, force: true });
});

describe('tactile flow', () => {
  it('validate: 0 for a valid flow, 1 with pointers for an invalid one, 2 for a missing file', async () => {
    expect(await tactile(['flow', 'validate', flowFile])).toMatchObject({
      code: 0,
      json: { ok: true, format: FLOW_FORMAT, steps: 3, tools: ['action_sequence', 'swipe', 'wait_until'] },
    });
    const bad = join(dir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify({
        format: FLOW_FORMAT,
        name: 'x',
        recorded_on: { screen: { width: 10, height: 10 }, density: 1, rotation: 0, sdk: 34 },
        steps: [{ tool: 'swipe', args: { start: [0, 0] } }],
      }),
    );
    expect(await tactile(['flow', 'validate', bad])).toMatchObject({
      code: 1,
      json: { ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: '/steps/0/args/end' }] },
    });
    expect((await tactile(['flow', 'validate', join(dir, 'absent.json')])).code).toBe(2);
    expect((await tactile(['flow', 'teleport'])).code).toBe(2);
  }, 60_000);

  it('schema flow prints the flow JSON Schema', async () => {
    const r = await tactile(['schema', 'flow']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { format: { const: FLOW_FORMAT } },
    });
  }, 30_000);

  it('run on two devices: exit 0, every cell green, every receipt journaled', async () => {
    const [a, b] = devices;
    const r = await tactile(['flow', 'run', flowFile, '--serial', a!.serial, '--serial', b!.serial, '--json']);
    expect(r.code, JSON.stringify(r.json).slice(0, 1500)).toBe(0);
    const view = r.json['replay'] as { cells: Array<{ state: string; operation_id: string }>; run_id: string };
    expect(view.cells).toHaveLength(6);
    expect(view.cells.every((c) => c.state === 'succeeded')).toBe(true);
    const journaled = readReceipts(join(dir, 'receipts')).entries.map((e) => e.value);
    for (const c of view.cells)
      expect(journaled.find((r) => r.operation_id === c.operation_id)).toMatchObject({ run_id: view.run_id });
    for (const { serial } of [a!, b!])
      expect((await labDump(adb, serial)).controls[`${LAB}checkbox`]).toMatchObject({ checked: true });
  }, 90_000);

  it('run --from N runs from that step; a step past the end or no --serial is a usage error', async () => {
    const c = devices[2]!;
    const r = await tactile(['flow', 'run', flowFile, '--serial', c.serial, '--from', '1', '--json']);
    // Step 2 waits for a checkbox nobody ticked on this device: exit 1, and only steps 1 and 2 were run.
    expect(r.code).toBe(1);
    const view = r.json['replay'] as {
      cells: Array<{ step: number; state: string; code: string | null }>;
      devices: Array<{ failure: { step: number } }>;
    };
    expect(view.cells.map((x) => [x.step, x.state])).toEqual([
      [1, 'succeeded'],
      [2, 'failed'],
    ]);
    expect(view.devices[0]!.failure.step).toBe(2);
    expect((await labDump(adb, c.serial)).controls[`${LAB}checkbox`]).toMatchObject({ click_count: 0 });
    expect((await tactile(['flow', 'run', flowFile, '--serial', c.serial, '--from', '7'])).code).toBe(2);
    expect((await tactile(['flow', 'run', flowFile])).code).toBe(2);
  }, 90_000);

  it('run on a changed screen: exit 1 with GEOMETRY_CHANGED; --scale-coordinates replays it', async () => {
    const c = devices[2]!;
    await adb.shell(c.serial, 'wm size 720x1600');
    try {
      const refused = await tactile(['flow', 'run', flowFile, '--serial', c.serial, '--json']);
      expect(refused.code).toBe(1);
      const view = refused.json['replay'] as { cells: Array<{ state: string; code: string | null }> };
      expect(view.cells.map((x) => [x.state, x.code])).toEqual([
        ['succeeded', null],
        ['refused', 'GEOMETRY_CHANGED'],
        ['skipped', null],
      ]);
      // The checkbox step (a resource id) ran; the swipe did not. Untick it again for the scaled run.
      const box = (await observe(adb, c.serial)).nodes.find((n) => n.resource_id === `${LAB}checkbox`)!.bounds_px;
      await adb.shell(c.serial, `input tap ${Math.round((box[0] + box[2]) / 2)} ${Math.round((box[1] + box[3]) / 2)}`);
      expect((await labDump(adb, c.serial)).controls[`${LAB}checkbox`]).toMatchObject({ checked: false });
      const scaled = await tactile(['flow', 'run', flowFile, '--serial', c.serial, '--scale-coordinates', '--json']);
      const cells = (scaled.json['replay'] as { cells: Array<{ state: string; scaled: boolean }> }).cells;
      expect(scaled.code).toBe(0);
      expect(cells.map((x) => x.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(cells[1]).toMatchObject({ scaled: true });
    } finally {
      await adb.shell(c.serial, 'wm size reset');
    }
  }, 90_000);
});
