// Seed-004 observation, resolution and verification on the virtual device: fingerprints (stable across a
// ticking clock and a scrolled list, different on Details), activity, snapshots with revisions and deltas,
// find → tap_element → wait → expect, and each tool's failure codes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../electron/executor';
import type { Receipt } from '../../shared/receipts';
import { startExecutorRig, type ExecutorRig } from '../support/executor-rig';

const id = (name: string) => `com.tactile.lab:id/${name}`;

let rig: ExecutorRig | undefined;
let serial: string;
let executor: Executor;

const run = (tool: string, args: Record<string, unknown> = {}): Promise<Receipt> => executor.run({ tool, args }, { serial, owner: 'test' });
const result = (r: Receipt) => r.result as Record<string, unknown>;
const fingerprint = async () => result(await run('get_screen_fingerprint'))['fingerprint'] as string;
const handle = async (selector: Record<string, unknown>) => (result(await run('find_element', { selector }))['element'] as { element_id: string }).element_id;

beforeAll(async () => {
  rig = await startExecutorRig('tactile-verify-');
  ({ serial, executor } = rig);
}, 30_000);

afterAll(() => rig?.stop());

beforeEach(async () => {
  await run('restart_app', { appId: 'com.tactile.lab' });
});

describe('get_screen_fingerprint', () => {
  it('is the same with the clock ticking and the list scrolled, and different on Details', async () => {
    const main = await fingerprint();
    expect(main).toMatch(/^[a-f0-9]{64}$/);
    // Playback moves the HH:MM:SS readout and the timeline's ticks every second.
    const before = (await run('find_element', { selector: { resource_id: id('current_time') } })).result as { element: { text: string } };
    await run('tap_element', { elementId: await handle({ resource_id: id('play_pause') }) });
    await new Promise((r) => setTimeout(r, 1200));
    const ticking = (await run('find_element', { selector: { resource_id: id('current_time') } })).result as { element: { text: string } };
    expect(ticking.element.text).not.toBe(before.element.text);
    expect(await fingerprint()).toBe(main);
    // Scroll the list: other rows come into view.
    const rows = (r: Receipt) => ((r.observation_after as { nodes: Array<{ resource_id: string | null }> }).nodes).filter((n) => n.resource_id?.includes(':id/row_')).map((n) => n.resource_id);
    const rowsBefore = rows(await run('get_ui_hierarchy'));
    const scrolled = await run('scroll_to_element', { selector: { resource_id: id('row_40') } });
    expect(scrolled).toMatchObject({ status: 'completed', code: null, action_envelope: { success: true, action_type: 'scroll_to_element' } });
    expect(rows(await run('get_ui_hierarchy'))).not.toEqual(rowsBefore);
    expect(await fingerprint()).toBe(main);
    // Details is another screen.
    await run('tap_element', { elementId: await handle({ text: 'Details' }) });
    const details = await fingerprint();
    expect(details).not.toBe(main);
    expect(result(await run('get_current_activity'))).toMatchObject({ package: 'com.tactile.lab', activity: 'com.tactile.lab.DetailsActivity' });
  });
});
