// Every tool through the executor on the virtual device (helper backend), with the codes the spec names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdbServer } from '../../electron/adb';
import type { Executor } from '../../electron/executor';
import { devicePointToNormTarget, pxToNormTarget } from '../../shared/geometry';
import type { Receipt } from '../../shared/receipts';
import { labDump, startExecutorRig, type ExecutorRig } from '../support/executor-rig';

const id = (name: string) => `com.tactile.lab:id/${name}`;
const sel = (resource_id: string) => ({ resource_id });
const SCREEN = { width: 1080, height: 2400 };

let rig: ExecutorRig | undefined;
let adb: AdbServer;
let serial: string;
let executor: Executor;

const lab = () => labDump(adb, serial);
const run = (tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<Receipt> =>
  executor.run({ tool, args }, { serial, owner: 'test', ...(signal && { signal }) });

beforeAll(async () => {
  rig = await startExecutorRig('tactile-tools-');
  ({ adb, serial, executor } = rig);
}, 30_000);

afterAll(() => rig?.stop());

describe('gesture tools', () => {
  it('click with times taps each time and counts completed_taps', async () => {
    const before = (await lab()).controls[id('checkbox')]!.click_count as number;
    const box = (await run('read_control', { selector: sel(id('checkbox')) })).control!.bounds_px;
    const target = devicePointToNormTarget({ x: (box[0] + box[2]) / 2, y: (box[1] + box[3]) / 2 }, SCREEN);
    const r = await run('click', { target, times: 2, delay_ms: 50, expected_resource_id: id('checkbox') });
    expect(r).toMatchObject({ status: 'completed', completed_taps: 2 });
    expect((await lab()).controls[id('checkbox')]!.click_count).toBe(before + 2);
    const wrong = await run('click', { target: [500, 10], times: 1, expected_resource_id: id('checkbox') });
    expect(wrong).toMatchObject({ status: 'not_started', code: 'STALE', completed_taps: 0 });
  });

  it('click_sequence, long_press, swipe, drag and pinch complete on the helper', async () => {
    for (const [tool, args] of [
      [
        'click_sequence',
        {
          sequence: [
            [500, 5],
            [510, 5],
          ],
          delay_ms: 20,
        },
      ],
      ['long_press', { target: [500, 5], duration_ms: 450 }],
      ['swipe', { start: [500, 900], end: [500, 880], duration_ms: 200 }],
      ['drag', { start: [500, 900], end: [520, 900], target_description: 'free area', duration_ms: 200 }],
      ['pinch', { center: [500, 600], start_span: 200, end_span: 300, duration_ms: 300, target_description: 'canvas' }],
    ] as const) {
      const before = (await lab()).input_event_count;
      const r = await run(tool, args);
      expect([tool, r.status, r.code]).toEqual([tool, 'completed', null]);
      expect(r.observation_before).toMatchObject({
        display: { width: 1080, height: 2400 },
        nodes_sha256: expect.stringMatching(/^[a-f0-9]{64}$/),
      });
      expect(r.observation_after).toHaveProperty('node_count');
      expect(r.plan).toBeDefined();
      expect((await lab()).input_event_count).toBeGreaterThan(before);
    }
  });

  it('refuses a drag leaving its region before any input', async () => {
    const before = (await lab()).input_event_count;
    const r = await run('drag', {
      start: [100, 900],
      end: [900, 900],
      region: [0, 800, 500, 1000],
      target_description: 'x',
    });
    expect(r).toMatchObject({ status: 'not_started', code: 'OUTSIDE_REGION' });
    expect((await lab()).input_event_count).toBe(before);
  });

  it('require_visible refuses when the panel is not there', async () => {
    const r = await run('touch_gesture', {
      frames: [
        { at_ms: 0, points: [[500, 500]] },
        { at_ms: 100, points: [[500, 520]] },
      ],
      target_description: 'x',
      require_visible: id('panel'),
    });
    expect(r).toMatchObject({ status: 'not_started', code: 'NOT_FOUND', path: '/args/require_visible' });
  });
});

describe('native tools', () => {
  it('control_action set_progress, UNSUPPORTED_ACTION, out-of-range, AMBIGUOUS-free selectors', async () => {
    const set = await run('control_action', { selector: sel(id('seekbar')), action: 'set_progress', value: 30 });
    expect(set).toMatchObject({
      status: 'completed',
      control: { range: { current: 30 } },
      control_before: { range: { current: 50 } },
    });
    const unsupported = await run('control_action', { selector: sel(id('seekbar')), action: 'ime_enter' });
    expect(unsupported).toMatchObject({ status: 'not_started', code: 'UNSUPPORTED_ACTION' });
    const range = await run('control_action', { selector: sel(id('seekbar')), action: 'set_progress', value: 101 });
    expect(range).toMatchObject({ status: 'not_started', code: 'INVALID_ARGUMENT' });
    const missing = await run('read_control', { selector: sel(id('nope')) });
    expect(missing).toMatchObject({ status: 'observed', code: 'NOT_FOUND' });
    const ambiguous = await run('read_control', { selector: { class_name: 'android.widget.Button' } });
    expect(ambiguous).toMatchObject({ code: 'AMBIGUOUS' });
  });

  it('wait_until: text holds, absent holds, a missing state TIMEOUTs', async () => {
    await run('control_action', { selector: sel(id('seekbar')), action: 'set_progress', value: 40 });
    const value = await run('wait_until', {
      selector: sel(id('seekbar')),
      state: 'value',
      expected_value: 40,
      stable_ms: 200,
    });
    expect(value).toMatchObject({ status: 'observed', code: null });
    const absent = await run('wait_until', { selector: sel(id('panel')), state: 'absent', stable_ms: 100 });
    expect(absent).toMatchObject({ status: 'observed', code: null });
    const never = await run('wait_until', { selector: sel(id('checkbox')), state: 'disabled', timeout_ms: 400 });
    expect(never).toMatchObject({ status: 'observed', code: 'TIMEOUT' });
  });

  it('scroll_to scrolls the list until the row is visible and keeps every scroll record', async () => {
    const r = await run('scroll_to', {
      container: sel(id('list')),
      target: sel(id('row_14')),
      direction: 'forward',
      settle_ms: 100,
      max_scrolls: 10,
    });
    expect(r.code).toBeNull();
    expect(r.status).toBe('completed');
    expect(r.scrolls!.length).toBeGreaterThan(0);
    expect(r.scrolls!.at(-1)!.target_visible).toBe(true);
    const miss = await run('scroll_to', {
      container: sel(id('list')),
      target: sel(id('row_999')),
      settle_ms: 50,
      max_scrolls: 2,
    });
    expect(['NOT_FOUND', 'TIMEOUT']).toContain(miss.code);
    expect(miss.scrolls!.length).toBeGreaterThan(0);
  });

  it('drag with range feedback reports before/after/residual; the third failing repeat is STRATEGY_REPEATED', async () => {
    await run('control_action', { selector: sel(id('seekbar')), action: 'set_progress', value: 50 });
    const bar = (await run('read_control', { selector: sel(id('seekbar')) })).control!.bounds_px;
    const y = pxToNormTarget((bar[1] + bar[3]) / 2, SCREEN.height);
    // A drag that stays on a point far off the bar's thumb: the reading cannot get closer to 100.
    const drag = {
      start: [30, 950],
      end: [31, 950],
      target_description: 'nudge',
      duration_ms: 100,
      feedback: {
        selector: sel(id('seekbar')),
        value_format: 'range',
        target_value: 100,
        tolerance: 1,
        stable_ms: 200,
        timeout_ms: 1000,
      },
    };
    const first = await run('drag', drag);
    expect(first.status).toBe('completed');
    expect(first.feedback).toMatchObject({ before_value: 50, after_value: 50, residual: -50, within_tolerance: false });
    await run('drag', drag);
    const third = await run('drag', drag);
    expect(third).toMatchObject({ status: 'not_started', code: 'STRATEGY_REPEATED' });
    expect(y).toBeGreaterThan(0);
    const unreadable = await run('drag', {
      ...drag,
      feedback: { ...drag.feedback, selector: sel(id('seekbar_value')), value_format: 'clock' },
    });
    expect(unreadable).toMatchObject({ status: 'not_started', code: 'READ_FAILED' });
  });
});

describe('sequence members', () => {
  it('ensure_visible taps the opener once; unless_visible then skips the opener click', async () => {
    const r = await run('action_sequence', {
      steps: [
        { action: 'ensure_visible', target: id('panel'), opener: id('panel_open'), target_description: 'panel' },
        {
          action: 'click',
          target: id('panel_open'),
          target_description: 'opener',
          coordinate_space: 'normalized',
          unless_visible: id('panel'),
        },
        { action: 'control_action', request: { selector: sel(id('panel_slider')), action: 'set_progress', value: 70 } },
        { action: 'wait_until', selector: sel(id('panel_slider')), state: 'value', expected_value: 70, stable_ms: 100 },
      ],
    });
    expect(r.members!.map((m) => [m.status, m.code])).toEqual([
      ['completed', null],
      ['observed', null],
      ['completed', null],
      ['observed', null],
    ]);
    expect(r.status).toBe('completed');
    expect((await lab()).controls[id('panel_open')]!.click_count).toBe(1);
  });
});

describe('shell and observation tools', () => {
  it("input_text, erase_one_char, focus_and_clear_text, press_key edit the field; an empty field's hint is not content", async () => {
    const field = (await run('read_control', { selector: sel(id('edit_text')) })).control!.bounds_px;
    const target = devicePointToNormTarget({ x: (field[0] + field[2]) / 2, y: (field[1] + field[3]) / 2 }, SCREEN);
    expect((await run('input_text', { text: 'hello', target })).status).toBe('completed');
    expect((await lab()).controls[id('edit_text')]!.text).toBe('hello');
    expect((await run('erase_one_char', {})).status).toBe('completed');
    expect((await lab()).controls[id('edit_text')]!.text).toBe('hell');
    expect((await run('focus_and_clear_text', { target })).status).toBe('completed');
    expect((await lab()).controls[id('edit_text')]!.text).toBe('');
    // Empty again, so API 34 reports the hint as its text; appending must not take the hint for content.
    const empty = (await run('read_control', { selector: sel(id('edit_text')) })).control!;
    expect(empty).toMatchObject({ text: 'Type a message', flags: { showing_hint_text: true } });
    const typed = await run('input_text', { text: 'hello tactile', target, clear_exist: false });
    expect(typed).toMatchObject({ status: 'completed', control: { text: 'hello tactile' } });
    expect((await lab()).controls[id('edit_text')]!.text).toBe('hello tactile');
    expect((await run('press_key', { key: 'home' })).status).toBe('completed');
    expect((await lab()).screen).toBe('launcher');
  });

  it('manage_app launches and stops by name, open_link opens the browser, waits observe', async () => {
    expect((await run('manage_app', { action: 'launch', app_name: 'com.tactile.lab' })).status).toBe('completed');
    expect((await lab()).screen).toBe('main');
    expect(await run('manage_app', { action: 'launch', app_name: 'no-such-app' })).toMatchObject({
      status: 'not_started',
      code: 'NOT_FOUND',
    });
    // The image's browser resolves VIEW intents for http/https, as a phone's does.
    expect((await run('open_link', { url: 'https://example.org' })).status).toBe('completed');
    expect((await lab()).focused_activity).toBe(
      'org.chromium.webview_shell/org.chromium.webview_shell.WebViewBrowserActivity',
    );
    expect((await run('manage_app', { action: 'launch', app_name: 'com.tactile.lab' })).status).toBe('completed');
    expect((await run('wait_for_delay', { time_in_ms: 20 })).status).toBe('observed');
    expect(await run('wait_for_text', { text: 'Tactile Lab', timeout_ms: 20_000 })).toMatchObject({
      status: 'observed',
      code: null,
    });
    expect(await run('wait_for_text', { text: 'never shown', timeout_ms: 300 })).toMatchObject({
      status: 'observed',
      code: 'TIMEOUT',
    });
  });

  it('observe_screen, take_screenshot and get_ui_hierarchy read without input', async () => {
    const before = (await lab()).input_event_count;
    const o = await run('observe_screen', { settle_ms: 0 });
    expect(o.status).toBe('observed');
    expect((o.observation_after as { nodes: unknown[] }).nodes.length).toBeGreaterThan(5);
    const s = await run('take_screenshot', {});
    expect((s.observation_after as { image: { png_base64: string } }).image.png_base64.length).toBeGreaterThan(1000);
    const h = await run('get_ui_hierarchy', {});
    expect((h.observation_after as { source: string }).source).toBe('helper');
    expect((await lab()).input_event_count).toBe(before);
  });

  it('a cancelled run is CANCELLED', async () => {
    const controller = new AbortController();
    const pending = run('wait_for_delay', { time_in_ms: 5000 }, controller.signal);
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatchObject({ status: 'cancelled', code: 'CANCELLED' });
  });
});
