// Calibrated drags through the executor on the virtual device, anchors only from observed nodes: a pan of the
// timeline lands within ± 1 s without coasting, and a seek bar thumb drag to 80 reads back 80.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAG_SETTLE_MS } from '../../shared/gesture';
import { parseValue } from '../../shared/calibration';
import { seekbarThumb, sendWithCorrection, timelinePan, type LabDriver } from '../support/calibrated-lab';
import { labDump, startExecutorRig, type ExecutorRig } from '../support/executor-rig';

let rig: ExecutorRig | undefined;
let d: LabDriver;

beforeAll(async () => {
  rig = await startExecutorRig('tactile-calibrated-');
  d = { adb: rig.adb, serial: rig.serial, executor: rig.executor };
}, 30_000);

afterAll(() => rig?.stop());

const clock = async () => {
  const c = (await labDump(d.adb, d.serial)).controls['com.tactile.lab:id/timeline']!;
  return { center: c.center_seconds as number, flinging: c.flinging as boolean };
};

describe('calibrated drags on the lab', () => {
  it("the helper's observation carries the timeline's tick and playhead nodes, as uiautomator does", async () => {
    const status = await rig!.helpers.ensure(d.serial);
    if (status.state !== 'connected') throw new Error(status.message);
    const reply = await status.channel.request('observe', {}, 'ticks');
    if (!reply.ok) throw new Error(reply.error.message);
    const nodes = (
      reply.result as { nodes: Array<{ resource_id: string | null; text: string | null; bounds_px: number[] }> }
    ).nodes;
    const ticks = nodes.filter((n) => n.resource_id === 'com.tactile.lab:id/timeline_tick');
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    for (const t of ticks) expect(t.text).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(nodes.filter((n) => n.resource_id === 'com.tactile.lab:id/playhead')).toHaveLength(1);
  });

  it('a 1500 ms pan of 300 px to an HH:MM:SS target lands within ± 1 s in one dispatch and does not coast', async () => {
    const start = (await clock()).center;
    const target = parseValue('17:37:30')!.value; // 150 s before the initial 17:40:00: a 300 px pan at 200 px/s
    expect(Math.abs(start - target)).toBeGreaterThan(60);
    const call = await timelinePan(d, target);
    call.args.duration_ms = 1500;
    const first = await sendWithCorrection(d, { ...call });
    const r = first.receipts[0]!;
    expect(r).toMatchObject({
      status: 'completed',
      code: null,
      drag_profile: { move_ms: 1500, settle_ms: DRAG_SETTLE_MS },
    });
    expect(r.feedback!.within_tolerance).toBe(true);
    expect(first.withinAfter).toBe(1);
    // A coasting timeline would be flinging from the lift on and end away from the target: once it is still
    // (polled, not a fixed wait), it must still be on the target.
    await expect.poll(async () => (await clock()).flinging, { timeout: 10_000 }).toBe(false);
    expect(Math.abs((await clock()).center - target)).toBeLessThanOrEqual(1);
  }, 30_000);

  it('a seek bar thumb drag to 80 from its range reading reads back 80', async () => {
    const call = await seekbarThumb(d, 80);
    const r = await sendWithCorrection(d, call);
    expect(r.receipts[0]!.feedback).toMatchObject({ after_value: 80, residual: 0, within_tolerance: true });
    expect((await labDump(d.adb, d.serial)).controls['com.tactile.lab:id/seekbar']!.progress).toBe(80);
  }, 30_000);
});
