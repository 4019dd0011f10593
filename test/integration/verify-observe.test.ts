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

const run = (tool: string, args: Record<string, unknown> = {}): Promise<Receipt> =>
  executor.run({ tool, args }, { serial, owner: 'test' });
const result = (r: Receipt) => r.result as Record<string, unknown>;
const fingerprint = async () => result(await run('get_screen_fingerprint'))['fingerprint'] as string;
async function centre(resource_id: string): Promise<{ x: number; y: number }> {
  const e = result(await run('find_element', { selector: { resource_id } }))['element'] as { bounds: number[] };
  return { x: Math.floor((e.bounds[0]! + e.bounds[2]!) / 2), y: Math.floor((e.bounds[1]! + e.bounds[3]!) / 2) };
}
const handle = async (selector: Record<string, unknown>) =>
  (result(await run('find_element', { selector }))['element'] as { element_id: string }).element_id;

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
    const before = (await run('find_element', { selector: { resource_id: id('current_time') } })).result as {
      element: { text: string };
    };
    await run('tap_element', { elementId: await handle({ resource_id: id('play_pause') }) });
    const readout = async () =>
      (
        (await run('find_element', { selector: { resource_id: id('current_time') } })).result as {
          element: { text: string };
        }
      ).element.text;
    await expect.poll(readout, { timeout: 20_000, interval: 200 }).not.toBe(before.element.text);
    expect(await fingerprint()).toBe(main);
    // Scroll the list: other rows come into view.
    const rows = (r: Receipt) =>
      (r.observation_after as { nodes: Array<{ resource_id: string | null }> }).nodes
        .filter((n) => n.resource_id?.includes(':id/row_'))
        .map((n) => n.resource_id);
    const rowsBefore = rows(await run('get_ui_hierarchy'));
    const scrolled = await run('scroll_to_element', { selector: { resource_id: id('row_40') } });
    expect(scrolled).toMatchObject({
      status: 'completed',
      code: null,
      action_envelope: { success: true, action_type: 'scroll_to_element' },
    });
    expect(rows(await run('get_ui_hierarchy'))).not.toEqual(rowsBefore);
    expect(await fingerprint()).toBe(main);
    // Details is another screen.
    await run('tap_element', { elementId: await handle({ text: 'Details' }) });
    const details = await fingerprint();
    expect(details).not.toBe(main);
    expect(result(await run('get_current_activity'))).toMatchObject({
      package: 'com.tactile.lab',
      activity: 'com.tactile.lab.DetailsActivity',
    });
  });
});

describe('observation', () => {
  it('get_ui_hierarchy and capture_debug_snapshot count revisions and report deltas', async () => {
    const first = result(await run('get_ui_hierarchy'));
    const same = result(await run('get_ui_hierarchy'));
    expect(same['snapshot_revision']).toBe(first['snapshot_revision']);
    expect(same['snapshot_delta']).toMatchObject({ changed: false });
    await run('tap_element', { elementId: await handle({ resource_id: id('checkbox') }) });
    const snap = await run('capture_debug_snapshot');
    expect(snap).toMatchObject({ status: 'observed', code: null });
    const s = result(snap);
    expect(s['snapshot_revision']).toBeGreaterThan(first['snapshot_revision'] as number);
    expect(s).toMatchObject({
      captured_at_ms: expect.any(Number),
      loading_state: 'idle',
      semantic: { fingerprint: expect.stringMatching(/^[a-f0-9]{64}$/) },
    });
    expect(
      (s['snapshot_delta'] as { state_changes: Array<{ key: string; property: string }> }).state_changes,
    ).toContainEqual(expect.objectContaining({ key: expect.stringContaining('checkbox'), property: 'checked' }));
  });

  it('get_current_activity names the launcher once the app is stopped; capture_screenshot returns the image', async () => {
    await run('terminate_app', { appId: 'com.tactile.lab' });
    expect(await run('get_current_activity')).toMatchObject({
      status: 'observed',
      code: null,
      result: { package: 'com.android.launcher3' },
    });
    const shot = await run('capture_screenshot');
    expect(shot).toMatchObject({
      status: 'observed',
      code: null,
      result: { width: 1080, height: 2400, png_sha256: expect.stringMatching(/^[a-f0-9]{64}$/) },
    });
    expect((shot.observation_after as { image: { png_base64: string } }).image.png_base64.length).toBeGreaterThan(1000);
  });

  it('refuses ios and a foreign deviceId before reading anything', async () => {
    expect(await run('get_screen_fingerprint', { platform: 'ios' })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
      path: '/args/platform',
    });
    expect(await run('get_screen_fingerprint', { deviceId: 'emulator-9999' })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
      path: '/args/deviceId',
    });
    expect(await run('get_screen_fingerprint', { deviceId: serial })).toMatchObject({ status: 'observed', code: null });
  });
});

describe('resolve → act → wait → expect', () => {
  it('find_element ranks exact over partial matches and lists alternates', async () => {
    const r = result(await run('find_element', { selector: { text: 'details' } }));
    expect(r).toMatchObject({ found: true, confidence: 0.9, element: { resource_id: id('second_screen_button') } });
    const partial = result(await run('find_element', { selector: { class_name: 'CheckBox' } }));
    expect(partial).toMatchObject({ found: true, confidence: 0.9, reason: 'simple class name' });
    const none = await run('find_element', { selector: { resource_id: id('nope') } });
    expect(none).toMatchObject({
      status: 'observed',
      code: 'NOT_FOUND',
      result: { found: false, failure_code: 'ELEMENT_NOT_FOUND', retryable: false },
    });
    expect(await run('find_element', { selector: {} })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
    });
  });

  it('taps Details by handle, waits for the screen change and expects the Details screen', async () => {
    const main = await fingerprint();
    const h = await handle({ resource_id: id('second_screen_button') });
    const tapped = await run('tap_element', { elementId: h });
    expect(tapped).toMatchObject({
      status: 'completed',
      code: null,
      action_envelope: {
        action_type: 'tap_element',
        lifecycle_state: 'pending_verification',
        success: true,
        source_module: expect.any(String),
        target: { selector: { elementId: h }, resolved: { resource_id: id('second_screen_button') } },
        ui_fingerprint_before: main,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        action_id: expect.stringMatching(/^act_\d+_/),
      },
    });
    expect(tapped.action_envelope).not.toHaveProperty('failure_code');
    // A wait that must succeed gets a generous timeout_ms (the tool returns as soon as it holds; CI runs at load
    // 10–20); the waits that must time out keep short ones.
    const changed = result(await run('wait_for_screen_change', { previousFingerprint: main, timeout_ms: 20_000 }));
    expect(changed).toMatchObject({ changed: true, screen: 'com.tactile.lab/.DetailsActivity' });
    expect(tapped.action_envelope!.ui_fingerprint_after).toBe(changed['fingerprint']);
    const ok = await run('expect_screen', { fingerprint: changed['fingerprint'] });
    expect(ok).toMatchObject({ status: 'observed', code: null, result: { success: true, confidence: 1 } });
    expect(await run('expect_screen', { screen: 'com.tactile.lab/.DetailsActivity' })).toMatchObject({
      result: { success: true, confidence: 1 },
    });
    const wrong = await run('expect_screen', { fingerprint: main });
    expect(wrong).toMatchObject({
      code: 'EXPECTATION_FAILED',
      result: { success: false, confidence: 0, expected_screen: { fingerprint: main } },
    });
    expect(
      await run('wait_for_screen_change', { previousFingerprint: changed['fingerprint'], timeout_ms: 300 }),
    ).toMatchObject({ code: 'TIMEOUT', result: { changed: false, failure_code: 'TIMEOUT', retryable: true } });
    // The handle's element is gone from this screen.
    expect(await run('tap_element', { elementId: h })).toMatchObject({
      status: 'not_started',
      code: 'STALE',
      action_envelope: { success: false, lifecycle_state: 'failed', failure_code: 'STALE_REFERENCE', retryable: false },
    });
    expect(await run('tap_element', { elementId: 'not-a-handle' })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
    });
  });

  it('tap_element is STALE_REFERENCE when the element moved', async () => {
    const h = await handle({ resource_id: id('row_3') });
    const list = await centre(id('list'));
    const moved = await run('drag', {
      start: [list.x, list.y],
      end: [list.x, list.y - 150],
      coordinate_space: 'pixel',
      target_description: 'list',
    });
    expect(moved).toMatchObject({ status: 'completed', action_envelope: { action_type: 'drag', success: true } });
    expect(await run('tap_element', { elementId: h })).toMatchObject({
      code: 'STALE',
      message: expect.stringContaining('moved'),
      action_envelope: { failure_code: 'STALE_REFERENCE' },
    });
  });

  it('wait_for_ui waits for an element; expect_element_visible confirms or times out', async () => {
    await run('tap_element', { elementId: await handle({ resource_id: id('panel_open') }) });
    expect(
      result(await run('wait_for_ui', { selector: { resource_id: id('panel_title') }, timeout_ms: 20_000 })),
    ).toMatchObject({ found: true, element: { resource_id: id('panel_title') } });
    expect(await run('expect_element_visible', { selector: { resource_id: id('panel_slider') } })).toMatchObject({
      code: null,
      result: { success: true, element: { resource_id: id('panel_slider') } },
    });
    expect(await run('wait_for_ui', { selector: { text: 'No such text' }, timeout_ms: 300 })).toMatchObject({
      code: 'TIMEOUT',
      result: { found: false, failure_code: 'TIMEOUT' },
    });
    expect(await run('expect_element_visible', { selector: { text: 'No such text' }, timeout_ms: 300 })).toMatchObject({
      code: 'TIMEOUT',
      result: { success: false, failure_code: 'TIMEOUT', retryable: true },
    });
  });

  it('wait_for_ui_change sees the app change by itself and settle, on the screen or in a subtree; times out otherwise', async () => {
    // The device lock is held while waiting: the change must come from the app (its clock), as in real use.
    await run('tap_element', { elementId: await handle({ resource_id: id('play_pause') }) });
    const clock = await handle({ resource_id: id('current_time') });
    const ticked = await run('wait_for_ui_change', {
      expected_change: 'text_change',
      stability_window_ms: 200,
      timeout_ms: 20_000,
      scope: 'subtree',
      target: { element_id: clock },
    });
    expect(ticked).toMatchObject({
      status: 'observed',
      code: null,
      result: {
        changed: true,
        stable: true,
        scope: 'subtree',
        expected_change: 'text_change',
        snapshot_revision: expect.any(Number),
      },
    });
    expect(
      (ticked.result as { change_summary: { text_changes: Array<{ key: string }> } }).change_summary.text_changes[0]!
        .key,
    ).toContain('current_time');
    await run('tap_element', { elementId: await handle({ resource_id: id('play_pause') }) });
    // The panel hides itself 3 s after the last touch on it.
    await run('tap_element', { elementId: await handle({ resource_id: id('panel_open') }) });
    const hidden = await run('wait_for_ui_change', {
      expected_change: 'hierarchy_diff',
      stability_window_ms: 300,
      timeout_ms: 20_000,
    });
    expect(hidden).toMatchObject({ code: null, result: { changed: true, stable: true, scope: 'screen' } });
    expect((hidden.result as { change_summary: { removed: number } }).change_summary.removed).toBeGreaterThan(0);
    expect(
      await run('wait_for_ui_change', { expected_change: 'state_change', timeout_ms: 400, stability_window_ms: 100 }),
    ).toMatchObject({ code: 'TIMEOUT', result: { changed: false, failure_code: 'TIMEOUT', retryable: true } });
    expect(await run('wait_for_ui_change', { scope: 'subtree' })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
      path: '/args/target',
    });
  }, 20_000);

  it('expect_state reads checked, enabled, text_value and value; reports what is unavailable without guessing', async () => {
    expect(
      await run('expect_state', { selector: { resource_id: id('checkbox') }, property: 'checked', expected: false }),
    ).toMatchObject({ code: null, result: { success: true, observed: false } });
    expect(
      await run('expect_state', { selector: { resource_id: id('checkbox') }, property: 'checked', expected: true }),
    ).toMatchObject({ code: 'EXPECTATION_FAILED', result: { success: false, observed: false } });
    expect(
      await run('expect_state', { selector: { resource_id: id('seekbar') }, property: 'value', expected: 50 }),
    ).toMatchObject({ result: { success: true, observed: 50 } });
    expect(
      await run('expect_state', {
        selector: { resource_id: id('seekbar_value') },
        property: 'text_value',
        expected: '50',
      }),
    ).toMatchObject({ result: { success: true } });
    expect(
      await run('expect_state', {
        element_id: await handle({ resource_id: id('switch') }),
        property: 'enabled',
        expected: true,
      }),
    ).toMatchObject({ result: { success: true } });
    expect(
      await run('expect_state', { selector: { resource_id: id('checkbox') }, property: 'expanded', expected: false }),
    ).toMatchObject({
      code: 'UNAVAILABLE',
      result: { success: false, available: false, observed: null, failure_code: 'UNKNOWN' },
    });
    expect(
      await run('expect_state', { selector: { resource_id: id('seekbar_label') }, property: 'value', expected: 1 }),
    ).toMatchObject({ code: 'UNAVAILABLE', result: { available: false } });
    expect(
      await run('expect_state', { selector: { resource_id: id('gone') }, property: 'checked', expected: true }),
    ).toMatchObject({ code: 'NOT_FOUND', result: { failure_code: 'ELEMENT_NOT_FOUND' } });
  });
});
