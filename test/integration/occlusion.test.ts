// device.occlusion on the virtual device: the floating overlay window (com.tactile.overlay) covers all of
// covered_button and half of partly_covered_button; the preview says so before anything is sent, and a click
// on the covered button is refused OCCLUDED by the executor with nothing dispatched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS } from '../../shared/ipc';
import { labDump, startExecutorRig, type ExecutorRig } from '../support/executor-rig';

let rig: ExecutorRig | undefined;
const id = (name: string) => `com.tactile.lab:id/${name}`;
const selector = (resource_id: string) => ({
  resource_id,
  text: null,
  content_desc: null,
  class_name: null,
  package_name: null,
  bounds: null,
});

beforeAll(async () => {
  rig = await startExecutorRig('tactile-occlusion-');
}, 30_000);

afterAll(() => rig?.stop());

describe('device.occlusion', () => {
  it('the overlay window hides covered_button entirely: OCCLUDED, empty visible region, exact regions (API 34)', async () => {
    const o = await rig!.executor.occlusion(rig!.serial, selector(id('covered_button')));
    expect(REQUESTS['device.occlusion'].response.parse(o)).toEqual(o);
    expect(o).toMatchObject({ verdict: 'OCCLUDED', visible_area: 0, visible_rects: [], exact_regions: true });
    expect(o.target_area).toBeGreaterThan(0);
    expect(o.windows_above.map((w) => w.package_name)).toEqual(['com.tactile.overlay']);
    expect(o.windows_above[0]!.covered_area).toBe(o.target_area);
  });

  it('partly_covered_button keeps its right half visible: PARTLY_OCCLUDED with the visible rects', async () => {
    const o = await rig!.executor.occlusion(rig!.serial, selector(id('partly_covered_button')));
    expect(o.verdict).toBe('PARTLY_OCCLUDED');
    const [l, t, r, b] = o.bounds_px;
    const overlayRight = o.windows_above[0]!.bounds_px[2];
    expect(o.visible_rects).toEqual([[overlayRight, t, r, b]]);
    expect(o.visible_area + o.windows_above[0]!.covered_area).toBe((r - l) * (b - t));
  });

  it('an uncovered control is VISIBLE with nothing above it; an unknown selector is NOT_FOUND', async () => {
    const o = await rig!.executor.occlusion(rig!.serial, selector(id('checkbox')));
    expect(o).toMatchObject({ verdict: 'VISIBLE', windows_above: [] });
    await expect(rig!.executor.occlusion(rig!.serial, selector(id('nope')))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      path: '/selector',
    });
  });

  it('a click on the covered button, as the preview said, is refused OCCLUDED and nothing is dispatched', async () => {
    const before = (await labDump(rig!.adb, rig!.serial)).input_event_count;
    const r = await rig!.executor.run(
      {
        tool: 'action_sequence',
        args: { steps: [{ action: 'click', target: id('covered_button'), target_description: 'covered' }] },
      },
      { serial: rig!.serial, owner: 'test' },
    );
    expect(r.members?.[0]).toMatchObject({ status: 'not_started', code: 'OCCLUDED' });
    expect((await labDump(rig!.adb, rig!.serial)).input_event_count).toBe(before);
  });
});
