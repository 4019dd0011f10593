// Issue 17's last "Done when": a flow recorded in the console can hold seed-004 expect_* steps and replays green.
// A flow like the recorder's (tap the lab's checkbox at its recorded point) followed by expect_state and
// expect_element_visible steps is accepted by `tactile flow validate`, replays green through `tactile flow run` and
// the replay engine on the real adb server and virtual devices, and a failing expectation stops the replay at its
// step with the seed-004 code (EXPECTATION_FAILED).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeviceInfo, observe, type AdbServer } from '../../electron/adb';
import { DeviceLocks } from '../../electron/device/lock';
import { adbDeviceLinks, createExecutor, type Executor } from '../../electron/executor';
import { FlowLibrary } from '../../electron/flows/library';
import { Replay } from '../../electron/flows/replay';
import { screenShown } from '../../electron/flows/screen-shown';
import { HelperSupervisor } from '../../electron/helper';
import { ReceiptJournal } from '../../electron/receipts';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { FLOW_FORMAT, parseFlow, type Flow } from '../../shared/flows';
import type { Receipt } from '../../shared/receipts';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { buildCliBundle } from '../support/cli-bundle';
import { connectVirtualDevice, labDump, testAdbClient } from '../support/executor-rig';

const LAB = 'com.tactile.lab:id/';

let dir: string;
let server: TestAdbServer;
let adb: AdbServer;
let helpers: HelperSupervisor;
let executor: Executor;
let cli: Awaited<ReturnType<typeof buildCliBundle>>;
const devices: Array<{ vd: VirtualDevice; serial: string }> = [];

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

async function freshDevice(): Promise<string> {
  const vd = await startVirtualDevice({});
  const serial = await connectVirtualDevice(adb, vd);
  devices.push({ vd, serial });
  return serial;
}

/** As the recorder writes it: the checkbox tapped at its recorded point (README "Flows"), then seed-004 checks. */
async function expectFlowDoc(serial: string, checked: boolean): Promise<Record<string, unknown>> {
  const info = await getDeviceInfo(adb, serial);
  return {
    format: FLOW_FORMAT,
    name: checked ? 'Tick and expect' : 'Tick and expect wrongly',
    description: '',
    recorded_on: { screen: info.screen, density: info.density, rotation: info.rotation, sdk: info.sdk, packages: {} },
    steps: [
      {
        tool: 'click',
        args: { target: [267, 466], expected_resource_id: `${LAB}checkbox` },
        label: 'tick the checkbox',
      },
      {
        tool: 'expect_state',
        args: { selector: { resource_id: `${LAB}checkbox` }, property: 'checked', expected: checked },
        label: 'checkbox is checked',
      },
      {
        tool: 'expect_element_visible',
        args: { selector: { resource_id: `${LAB}play_pause` } },
        label: 'Play is visible',
      },
    ],
  };
}

function parsed(doc: unknown): Flow {
  const p = parseFlow(doc);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.flow;
}

function replay(flow: Flow, serials: string[]) {
  const receipts: Receipt[] = [];
  const r = new Replay(
    {
      executor,
      owner: { pid: process.pid, hostname: 'test', client: 'flow-expect-test' },
      async geometry(serial) {
        const info = await getDeviceInfo(adb, serial);
        return { screen: info.screen, density: info.density, rotation: info.rotation };
      },
      screenShown: async (serial) => screenShown(await observe(adb, serial)),
      onReceipt: (receipt) => receipts.push(receipt),
    },
    { flow, flowId: null, serials, mode: 'all', step: 0, pauseAfterEach: false, scaleCoordinates: false },
  );
  return { replay: r, receipts };
}

/** Every `const` of a `tool` property in the flow JSON Schema: the tools a step may call. */
function schemaTools(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const x of node) schemaTools(x, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'tool' && v !== null && typeof v === 'object' && typeof (v as { const?: unknown }).const === 'string')
        out.add((v as { const: string }).const);
      schemaTools(v, out);
    }
  }
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-flow-expect-'));
  cli = await buildCliBundle();
  server = await startAdbServer();
  adb = testAdbClient(server);
  helpers = new HelperSupervisor(adb);
  executor = createExecutor({
    links: adbDeviceLinks(adb, helpers),
    locks: new DeviceLocks({ dir: join(dir, 'locks') }),
    journal: new ReceiptJournal({ dir: join(dir, 'receipts') }),
  });
}, 90_000);

afterAll(async () => {
  helpers?.stopAll();
  for (const { vd } of devices) await vd.stop();
  await server?.stop();
  await cli?.remove();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 }); // the last after-evidence may still land
});

describe('flows with seed-004 expect_* steps', () => {
  it('schema flow lists expect_state among step tools; validate accepts the flow', async () => {
    const schema = await tactile(['schema', 'flow']);
    expect(schema.code).toBe(0);
    const tools = schemaTools(schema.json);
    for (const t of ['expect_state', 'expect_element_visible', 'expect_screen', 'click']) expect(tools).toContain(t);

    const serial = await freshDevice();
    const file = join(dir, 'expect.json');
    await writeFile(file, JSON.stringify(await expectFlowDoc(serial, true)));
    expect(await tactile(['flow', 'validate', file])).toMatchObject({
      code: 0,
      json: { ok: true, format: FLOW_FORMAT, steps: 3, tools: ['click', 'expect_state', 'expect_element_visible'] },
    });
  }, 90_000);

  it('tactile flow run: exit 0, every cell green, the checkbox ticked', async () => {
    const serial = await freshDevice();
    const file = join(dir, 'expect-run.json');
    await writeFile(file, JSON.stringify(await expectFlowDoc(serial, true)));
    const r = await tactile(['flow', 'run', file, '--serial', serial, '--json']);
    expect(r.code, JSON.stringify(r.json).slice(0, 1500)).toBe(0);
    const view = r.json['replay'] as { cells: Array<{ state: string; code: string | null }> };
    expect(view.cells.map((c) => [c.state, c.code])).toEqual([
      ['succeeded', null],
      ['succeeded', null],
      ['succeeded', null],
    ]);
    expect((await labDump(adb, serial)).controls[`${LAB}checkbox`]).toMatchObject({ checked: true, click_count: 1 });
  }, 90_000);

  it('saved in the library and replayed by the engine: green, each expectation its own observed receipt', async () => {
    const serial = await freshDevice();
    // The console saves a recorded flow in the library and replays what it opens from there.
    const library = new FlowLibrary(join(dir, 'flows'));
    const entry = await library.save(await expectFlowDoc(serial, true));
    const opened = await library.open(entry.id);
    expect(opened.errors).toEqual([]);
    expect(opened.flow!.steps.map((s) => s.tool)).toEqual(['click', 'expect_state', 'expect_element_visible']);
    const { replay: r, receipts } = replay(opened.flow!, [serial]);
    const view = await r.done;
    expect(view.cells.map((c) => c.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(view.devices[0]).toMatchObject({ state: 'succeeded' });
    expect(receipts.map((rc) => [rc.tool, rc.status, rc.code])).toEqual([
      ['click', 'completed', null],
      ['expect_state', 'observed', null],
      ['expect_element_visible', 'observed', null],
    ]);
    expect(receipts[1]!.result).toMatchObject({ success: true });
  }, 90_000);

  it('a failing expect_state stops the replay at its step with EXPECTATION_FAILED (engine and CLI)', async () => {
    const serial = await freshDevice();
    const { replay: r, receipts } = replay(parsed(await expectFlowDoc(serial, false)), [serial]);
    const view = await r.done;
    expect(view.cells.map((c) => [c.state, c.code])).toEqual([
      ['succeeded', null],
      ['failed', 'EXPECTATION_FAILED'],
      ['skipped', null],
    ]);
    expect(view.devices[0]).toMatchObject({ state: 'failed', failure: { step: 1, code: 'EXPECTATION_FAILED' } });
    expect(receipts.map((rc) => rc.tool)).toEqual(['click', 'expect_state']);
    expect(receipts[1]).toMatchObject({ status: 'observed', code: 'EXPECTATION_FAILED', result: { success: false } });

    // The CLI on a fresh lab: the tap ticks it, the wrong expectation fails the run with exit 1.
    const other = await freshDevice();
    const file = join(dir, 'expect-wrong.json');
    await writeFile(file, JSON.stringify(await expectFlowDoc(other, false)));
    const ran = await tactile(['flow', 'run', file, '--serial', other, '--json']);
    expect(ran.code).toBe(1);
    const cells = (ran.json['replay'] as { cells: Array<{ state: string; code: string | null }> }).cells;
    expect(cells.map((c) => [c.state, c.code])).toEqual([
      ['succeeded', null],
      ['failed', 'EXPECTATION_FAILED'],
      ['skipped', null],
    ]);
  }, 90_000);
});
