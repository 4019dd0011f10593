// Flow replay against the real adb server and virtual devices, through the executor the console and CLI use:
// a group replay on two devices at once (every cell green, both labs changed), the geometry guard after
// `wm size` (coordinate steps refused with GEOMETRY_CHANGED and nothing sent; scaling when chosen), and a device
// that disappears mid-flow (unknown/partial, nothing resent).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeviceInfo, observe, type AdbServer } from '../../electron/adb';
import { DeviceLocks } from '../../electron/device/lock';
import { adbDeviceLinks, createExecutor, type Executor } from '../../electron/executor';
import { Replay } from '../../electron/flows/replay';
import { screenShown } from '../../electron/flows/screen-shown';
import { HelperSupervisor } from '../../electron/helper';
import { ReceiptJournal } from '../../electron/receipts';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { devicePointToNormTarget } from '../../shared/geometry';
import { FLOW_FORMAT, parseFlow, type Flow } from '../../shared/flows';
import type { Receipt } from '../../shared/receipts';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { connectVirtualDevice, labDump, testAdbClient } from '../support/executor-rig';

const LAB = 'com.tactile.lab:id/';

let dir: string;
let server: TestAdbServer;
let adb: AdbServer;
let helpers: HelperSupervisor;
let executor: Executor;
const devices: Array<{ vd: VirtualDevice; serial: string }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-flow-replay-'));
  server = await startAdbServer();
  adb = testAdbClient(server);
  helpers = new HelperSupervisor(adb);
  for (let i = 0; i < 2; i++) {
    const vd = await startVirtualDevice({});
    devices.push({ vd, serial: await connectVirtualDevice(adb, vd) });
  }
  executor = createExecutor({
    links: adbDeviceLinks(adb, helpers),
    locks: new DeviceLocks({ dir: join(dir, 'locks') }),
    journal: new ReceiptJournal({ dir: join(dir, 'receipts') }),
  });
}, 60_000);

afterAll(async () => {
  helpers?.stopAll();
  for (const { vd } of devices) await vd.stop();
  await server?.stop();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 }); // the last after-evidence may still land
});

function replay(flow: Flow, serials: string[], options: { scale?: boolean } = {}) {
  const receipts: Receipt[] = [];
  const r = new Replay(
    {
      executor,
      owner: { pid: process.pid, hostname: 'test', client: 'flow-test' },
      async geometry(serial) {
        const info = await getDeviceInfo(adb, serial);
        return { screen: info.screen, density: info.density, rotation: info.rotation };
      },
      screenShown: async (serial) => screenShown(await observe(adb, serial)),
      onReceipt: (receipt) => receipts.push(receipt),
    },
    {
      flow,
      flowId: null,
      serials,
      mode: 'all',
      step: 0,
      pauseAfterEach: false,
      scaleCoordinates: options.scale ?? false,
    },
  );
  return { replay: r, receipts };
}

/** Recorded on the lab as it starts: tap Play by its resource id, tap the checkbox by its normalized centre, check it. */
async function labFlow(serial: string): Promise<Flow> {
  const o = await observe(adb, serial);
  const box = o.nodes.find((n) => n.resource_id === `${LAB}checkbox`)!;
  const centre = { x: (box.bounds_px[0] + box.bounds_px[2]) / 2, y: (box.bounds_px[1] + box.bounds_px[3]) / 2 };
  const info = await getDeviceInfo(adb, serial);
  const parsed = parseFlow({
    format: FLOW_FORMAT,
    name: 'Play and tick',
    recorded_on: { screen: info.screen, density: info.density, rotation: info.rotation, sdk: info.sdk, packages: {} },
    steps: [
      {
        tool: 'action_sequence',
        args: { steps: [{ action: 'click', target: `${LAB}play_pause`, target_description: 'Play' }] },
        label: 'tap Play',
      },
      {
        tool: 'click',
        args: { target: devicePointToNormTarget(centre, o.screen), expected_resource_id: `${LAB}checkbox` },
        label: 'tick the checkbox',
      },
      {
        tool: 'read_control',
        args: { selector: { resource_id: `${LAB}checkbox` } },
        expect: { wait_until: { selector: { resource_id: `${LAB}checkbox` }, state: 'checked' } },
      },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.flow;
}

describe('flow replay on virtual devices', () => {
  it('replays one flow on two devices at once: every step green on both, each receipt its own operation', async () => {
    const [a, b] = devices;
    const flow = await labFlow(a!.serial);
    const { replay: r, receipts } = replay(flow, [a!.serial, b!.serial]);
    const view = await r.done;
    expect(view.cells.map((c) => `${c.step}@${c.serial}:${c.state}`).filter((s) => !s.endsWith(':succeeded'))).toEqual(
      [],
    );
    expect(view.devices.map((d) => d.state)).toEqual(['succeeded', 'succeeded']);
    // 3 steps + 1 expectation per device, each its own receipt, linked to its cell.
    expect(receipts).toHaveLength(8);
    for (const c of view.cells)
      expect(receipts.some((rc) => rc.operation_id === c.operation_id && rc.device_serial === c.serial)).toBe(true);
    // One replay is one run: every receipt of it carries the replay's run id.
    expect(new Set(receipts.map((rc) => rc.run_id))).toEqual(new Set([view.run_id]));
    for (const { serial } of devices) {
      const lab = await labDump(adb, serial);
      expect(lab.controls[`${LAB}checkbox`]).toMatchObject({ checked: true, click_count: 1 });
      expect(lab.controls[`${LAB}play_pause`]).toMatchObject({ playing: true });
    }
  }, 60_000);

  it('after `wm size`, refuses the coordinate step with GEOMETRY_CHANGED and sends nothing for it; scaling replays it', async () => {
    // A fresh lab: the group test above already ticked the others' checkboxes.
    const vd = await startVirtualDevice({});
    devices.push({ vd, serial: await connectVirtualDevice(adb, vd) });
    const { serial } = devices[2]!;
    const flow = await labFlow(serial);
    expect((await adb.shell(serial, 'wm size 720x1600')).trim()).toBe('');
    try {
      const before = await labDump(adb, serial);
      const refused = await replay(flow, [serial]).replay.done;
      expect(refused.cells.map((c) => c.state)).toEqual(['succeeded', 'refused', 'skipped']);
      expect(refused.cells[1]).toMatchObject({
        code: 'GEOMETRY_CHANGED',
        path: '/steps/1/args/target',
        operation_id: null,
      });
      expect(refused.devices[0]).toMatchObject({
        state: 'failed',
        geometry: { screen: { width: 720, height: 1600 } },
        failure: { step: 1, code: 'GEOMETRY_CHANGED' },
      });
      expect(refused.devices[0]!.failure!.screen?.screen).toEqual({ width: 720, height: 1600 });
      const after = await labDump(adb, serial);
      expect(after.controls[`${LAB}checkbox`]!['click_count']).toBe(before.controls[`${LAB}checkbox`]!['click_count']);

      // Scaled through normalized coordinates, the tap lands on the checkbox of the smaller screen.
      const scaled = await replay(flow, [serial], { scale: true }).replay.done;
      expect(scaled.cells.map((c) => c.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(scaled.cells[1]!.scaled).toBe(true);
      expect((await labDump(adb, serial)).controls[`${LAB}checkbox`]).toMatchObject({ checked: true, click_count: 1 });
    } finally {
      await adb.shell(serial, 'wm size reset');
    }
  }, 60_000);

  it('a device that disappears mid-flow ends unknown/partial, the rest is not sent, and nothing is resent', async () => {
    const victim = await startVirtualDevice({});
    const serial = await connectVirtualDevice(adb, victim);
    const info = await getDeviceInfo(adb, serial);
    const parsed = parseFlow({
      format: FLOW_FORMAT,
      name: 'Hold',
      recorded_on: { screen: info.screen, density: info.density, rotation: info.rotation, sdk: info.sdk, packages: {} },
      steps: [
        { tool: 'click', args: { target: [500, 500] } },
        {
          tool: 'touch_gesture',
          args: {
            frames: [
              { at_ms: 0, points: [[200, 500]] },
              { at_ms: 2000, points: [[200, 500]] },
              { at_ms: 2500, points: [[200, 700]] },
            ],
            target_description: 'hold',
          },
        },
        { tool: 'click', args: { target: [500, 500] } },
      ],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const { replay: r, receipts } = replay(parsed.flow, [serial]);
    // Stop the device once the hold is under way (its first finger down reached the lab).
    const deadline = Date.now() + 20_000;
    while (victim.android.input.received().filter((e) => e.action === 'down').length < 2 && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 20));
    await victim.stop();
    const view = await r.done;
    expect(view.cells.map((c) => c.state)).toEqual(['succeeded', 'failed', 'skipped']);
    expect(['unknown', 'partial']).toContain(view.cells[1]!.receipt_status);
    expect(view.devices[0]).toMatchObject({ state: 'failed', failure: { step: 1, screen: null } });
    expect(receipts.map((rc) => rc.tool)).toEqual(['click', 'touch_gesture']);
    // One down per step that ran: the click's and the hold's; the hold was not started again.
    expect(victim.android.input.received().filter((e) => e.action === 'down')).toHaveLength(2);
  }, 60_000);
});
