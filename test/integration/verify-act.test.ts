// Seed-004 actions, app lifecycle, adjust_control, logs, network activity and classification on the virtual
// device, each with its envelope and failure codes.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../electron/executor';
import type { Receipt } from '../../shared/receipts';
import { buildApk } from '../support/build-apk';
import { buildCliBundle } from '../support/cli-bundle';
import { labDump, startExecutorRig, type ExecutorRig } from '../support/executor-rig';

const LAB = 'com.tactile.lab';
const id = (name: string) => `${LAB}:id/${name}`;

let rig: ExecutorRig | undefined;
let serial: string;
let executor: Executor;
let tmp: string;

const run = (tool: string, args: Record<string, unknown> = {}): Promise<Receipt> =>
  executor.run({ tool, args }, { serial, owner: 'test' });
const result = (r: Receipt) => r.result as Record<string, unknown>;
const handle = async (selector: Record<string, unknown>) =>
  (result(await run('find_element', { selector }))['element'] as { element_id: string }).element_id;

beforeAll(async () => {
  rig = await startExecutorRig('tactile-verify-act-');
  ({ serial, executor } = rig);
  tmp = await mkdtemp(join(tmpdir(), 'tactile-apk-'));
}, 30_000);

afterAll(async () => {
  await rig?.stop();
  await rm(tmp, { recursive: true, force: true });
});

beforeEach(async () => {
  await run('restart_app', { appId: LAB });
});

describe('acting', () => {
  it('tap dispatches at device pixels; off the screen it is refused with an envelope', async () => {
    const before = (await labDump(rig!.adb, serial)).input_event_count;
    const r = await run('tap', { x: 540, y: 20 });
    expect(r).toMatchObject({
      status: 'completed',
      action_envelope: {
        action_type: 'tap',
        success: true,
        lifecycle_state: 'pending_verification',
        target: { selector: { x: 540, y: 20 } },
      },
    });
    expect((await labDump(rig!.adb, serial)).input_event_count).toBeGreaterThan(before);
    const off = await run('tap', { x: 5000, y: 20 });
    expect(off).toMatchObject({
      status: 'not_started',
      code: 'OFF_SCREEN',
      action_envelope: {
        success: false,
        lifecycle_state: 'failed',
        failure_code: 'ELEMENT_NOT_INTERACTABLE',
        retryable: false,
      },
    });
  });

  it('a seed-000 click carries the envelope too', async () => {
    const r = await run('click', { target: [500, 5] });
    expect(r).toMatchObject({
      status: 'completed',
      action_envelope: {
        action_type: 'click',
        success: true,
        target: { selector: { target: [500, 5] } },
        ui_fingerprint_before: expect.stringMatching(/^[a-f0-9]{64}$/),
      },
    });
  });

  it('type_text types into the focused field; without one it is ELEMENT_NOT_FOUND', async () => {
    const none = await run('type_text', { text: 'hi' });
    expect(none).toMatchObject({
      status: 'not_started',
      code: 'NOT_FOUND',
      action_envelope: { success: false, failure_code: 'ELEMENT_NOT_FOUND' },
    });
    await run('tap_element', { elementId: await handle({ resource_id: id('edit_text') }) });
    const typed = await run('type_text', { text: 'hello' });
    expect(typed).toMatchObject({
      status: 'completed',
      action_envelope: { success: true, target: { selector: { text: 'hello' } } },
    });
    expect(
      await run('expect_state', {
        selector: { resource_id: id('edit_text') },
        property: 'text_value',
        expected: 'hello',
      }),
    ).toMatchObject({ result: { success: true } });
  });

  it('press_back leaves Details for the main screen', async () => {
    await run('tap_element', { elementId: await handle({ resource_id: id('second_screen_button') }) });
    const back = await run('press_back');
    expect(back).toMatchObject({
      status: 'completed',
      action_envelope: { success: true, target: { selector: { key: 'back' } } },
    });
    expect(await run('expect_screen', { screen: `${LAB}/.MainActivity` })).toMatchObject({ result: { success: true } });
  });

  it('scroll_to_element reaches a row; past the end it is NAVIGATION_NO_CHANGE; a small budget is TIMEOUT', async () => {
    const found = await run('scroll_to_element', { selector: { resource_id: id('row_25') } });
    expect(found).toMatchObject({
      status: 'completed',
      code: null,
      action_envelope: { success: true, target: { resolved: { resource_id: id('row_25') } } },
    });
    const short = await run('scroll_to_element', {
      selector: { resource_id: id('row_59') },
      maxScrolls: 1,
      scrollAmount: 0.2,
    });
    expect(short).toMatchObject({
      code: 'TIMEOUT',
      action_envelope: { success: false, failure_code: 'TIMEOUT', retryable: false },
    });
    const up = await run('scroll_to_element', {
      selector: { text: 'No such row' },
      direction: 'down',
      maxScrolls: 20,
      scrollAmount: 0.9,
    });
    expect(up).toMatchObject({
      code: 'NO_CHANGE',
      action_envelope: { success: false, failure_code: 'NAVIGATION_NO_CHANGE' },
    });
  }, 60_000);
});

describe('adjust_control', () => {
  it('converges the seek bar natively and reports target and actual state', async () => {
    const r = await run('adjust_control', { selector: { resource_id: id('seekbar') }, targetValue: 72 });
    expect(r).toMatchObject({
      status: 'completed',
      code: null,
      result: {
        target_state: { value: 72, tolerance: 0 },
        actual_state: { value: 72 },
        within_tolerance: true,
        converged: true,
        attempts: 1,
        adjustment_mode: 'native',
      },
      action_envelope: { action_type: 'adjust_control', success: true },
    });
    expect(
      await run('expect_state', { selector: { resource_id: id('seekbar') }, property: 'value', expected: 72 }),
    ).toMatchObject({ result: { success: true } });
  });

  it('is CONTROL_CONVERGENCE_FAILED out of range, ELEMENT_NOT_INTERACTABLE without a value, ELEMENT_NOT_FOUND when absent', async () => {
    const before = (await labDump(rig!.adb, serial)).input_event_count;
    expect(await run('adjust_control', { selector: { resource_id: id('seekbar') }, targetValue: 140 })).toMatchObject({
      status: 'not_started',
      code: 'NOT_CONVERGED',
      result: { converged: false, attempts: 0 },
      action_envelope: { failure_code: 'CONTROL_CONVERGENCE_FAILED' },
    });
    expect(await run('adjust_control', { selector: { resource_id: id('checkbox') }, targetValue: 1 })).toMatchObject({
      code: 'UNSUPPORTED_ACTION',
      action_envelope: { failure_code: 'ELEMENT_NOT_INTERACTABLE' },
    });
    expect(await run('adjust_control', { selector: { resource_id: id('nope') }, targetValue: 1 })).toMatchObject({
      code: 'NOT_FOUND',
      action_envelope: { failure_code: 'ELEMENT_NOT_FOUND' },
    });
    expect(await run('adjust_control', { targetValue: 1 })).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((await labDump(rig!.adb, serial)).input_event_count).toBe(before);
  });
});

describe('apps', () => {
  it('start, terminate, restart and reset the lab; an unknown package is ELEMENT_NOT_FOUND', async () => {
    await run('adjust_control', { selector: { resource_id: id('seekbar') }, targetValue: 10 });
    expect(await run('terminate_app', { appId: LAB })).toMatchObject({
      status: 'completed',
      action_envelope: { success: true, target: { selector: { appId: LAB } } },
    });
    expect(await run('expect_screen', { screen: `${LAB}/.MainActivity` })).toMatchObject({
      result: { success: false },
    });
    expect(await run('start_app', { appId: LAB })).toMatchObject({
      status: 'completed',
      action_envelope: { success: true },
    });
    expect(await run('expect_screen', { screen: `${LAB}/.MainActivity` })).toMatchObject({ result: { success: true } });
    expect(await run('reset_app_data', { appId: LAB })).toMatchObject({ status: 'completed' });
    await run('start_app', { appId: LAB });
    expect(
      await run('expect_state', { selector: { resource_id: id('seekbar') }, property: 'value', expected: 50 }),
    ).toMatchObject({ result: { success: true } });
    expect(await run('start_app', { appId: 'com.example.absent' })).toMatchObject({
      status: 'not_started',
      code: 'NOT_FOUND',
      action_envelope: { failure_code: 'ELEMENT_NOT_FOUND' },
    });
  });

  it('install_app refuses a missing file, a project directory and a non-APK before sending anything', async () => {
    expect(await run('install_app', { projectType: 'native', appPath: join(tmp, 'missing.apk') })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
      path: '/args/appPath',
    });
    expect(await run('install_app', { projectType: 'native', appPath: tmp })).toMatchObject({
      status: 'not_started',
      code: 'UNSUPPORTED_ACTION',
    });
    const ipa = join(tmp, 'app.ipa');
    await writeFile(ipa, 'x');
    expect(await run('install_app', { projectType: 'native', appPath: ipa })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
    });
  });
});

describe('devices', () => {
  it('list_devices lists the virtual device; healthcheck checks adb, devices, helper and logs', async () => {
    const listed = result(await run('list_devices'));
    expect(listed['devices']).toContainEqual(
      expect.objectContaining({
        serial,
        state: 'device',
        current: true,
        platform: 'android',
        model: 'Tactile Virtual Phone',
      }),
    );
    const h = await run('healthcheck');
    expect(h).toMatchObject({
      status: 'observed',
      code: null,
      result: {
        healthy: true,
        checks: { adb: { ok: true }, devices: { ok: true }, helper: { ok: true }, logs: { ok: true } },
        ios: { supported: false },
      },
    });
  });
});

describe('logs and network', () => {
  it('get_logs returns structured lines of the app; the stream follows --pid of the app', async () => {
    const started = await run('start_log_stream', { appId: LAB });
    expect(started).toMatchObject({
      status: 'observed',
      code: null,
      result: { active: true, session_id: expect.any(String), command: expect.stringContaining('--pid=') },
    });
    const sessionId = result(started)['session_id'];
    await run('tap_element', { elementId: await handle({ resource_id: id('checkbox') }) });
    // Read until the click's line arrives (each read returns what came since the last one).
    const entries: Array<{ pid: number; tag: string; level: string; message: string }> = [];
    let read: Record<string, unknown> = {};
    await expect
      .poll(
        async () => {
          read = result(await run('read_log_stream', { session_id: sessionId }));
          entries.push(...(read['entries'] as typeof entries));
          return entries;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toContainEqual(expect.objectContaining({ tag: 'TactileLab', level: 'I', message: `click ${id('checkbox')}` }));
    const pids = new Set(entries.map((e) => e.pid));
    expect(pids).toEqual(new Set([read['pid']]));
    expect(result(await run('stop_log_stream', { session_id: sessionId }))).toMatchObject({ stopped: true });
    expect(await run('read_log_stream', { session_id: sessionId })).toMatchObject({ code: 'NOT_FOUND' });
    const logs = result(await run('get_logs', { appId: LAB, lines: 50 }));
    expect(logs).toMatchObject({ device: { serial, appId: LAB } });
    expect(
      (logs['logs'] as Array<{ tag: string; time_ms: number }>).some((l) => l.tag === 'TactileLab' && l.time_ms > 1e12),
    ).toBe(true);
    await run('terminate_app', { appId: LAB });
    expect(await run('get_logs', { appId: LAB })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await run('start_log_stream', { appId: LAB })).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('Sync requests: success, 4xx, 5xx and timeout, classified; the telemetry beacon is background', async () => {
    await run('tap_element', { elementId: await handle({ resource_id: id('second_screen_button') }) });
    const sync = await handle({ resource_id: id('sync_button') });
    const seen: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 4; i++) {
      const fp = result(await run('get_screen_fingerprint'))['fingerprint'];
      const tapped = await run('tap_element', { elementId: sync });
      expect(tapped.action_envelope).toMatchObject({
        success: true,
        ui_fingerprint_before: fp,
        ui_fingerprint_after: fp,
      });
      const net = result(await run('get_network_activity', { appId: LAB }));
      expect(net['count']).toBe(1);
      const req = (net['requests'] as Array<Record<string, unknown>>)[0]!;
      seen.push(req);
      const cls = result(
        await run('classify_action_outcome', {
          uiChanged: false,
          actionType: 'tap_element',
          networkRequests: net['requests'],
        }),
      );
      expect(cls['outcome']).toBe(req['status'] === 'success' ? 'ui_failure' : 'backend_failure');
    }
    expect(seen.map((r) => [r['method'], r['statusCode'], r['status'], r['networkError']])).toEqual([
      ['GET', 200, 'success', null],
      ['GET', 404, 'failure', null],
      ['GET', 503, 'retryable', null],
      ['GET', null, 'retryable', 'timeout'],
    ]);
    expect(seen[0]).toMatchObject({ endpoint: 'https://api.tactile.lab/v1/sync?n=1', durationMs: 142 });
    expect(
      await run('expect_state', {
        selector: { resource_id: id('sync_status') },
        property: 'text_value',
        expected: 'Sync failed: timeout',
      }),
    ).toMatchObject({ result: { success: true } });
  });

  it('classify_action_outcome needs no device state: rule 2 without actionType', async () => {
    expect(await run('classify_action_outcome', { uiChanged: false })).toMatchObject({
      status: 'observed',
      code: null,
      result: { outcome: 'unknown', rule: 2 },
    });
  });
});

// Last: these install an app and run the CLI beside the rig (its own helper), which the tests above must not see.
describe('apps: a built APK', () => {
  it('install_app pushes a built APK with progress, installs it, and start_app / expect_screen find it', async () => {
    const apk = join(tmp, 'hello.apk');
    await writeFile(
      apk,
      buildApk({
        packageName: 'com.tactile.verify',
        label: 'Verify Me',
        versionCode: 2,
        versionName: '2.0',
        assetBytes: 4 * 1024 * 1024,
      }),
    );
    const r = await run('install_app', { projectType: 'native', appPath: apk });
    expect(r).toMatchObject({
      status: 'completed',
      code: null,
      result: { installed: true, output: expect.stringMatching(/^Success/) },
      action_envelope: { action_type: 'install_app', success: true },
    });
    const progress = result(r)['progress'] as Array<{ bytes: number; total: number; percent: number }>;
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatchObject({ percent: 100 });
    expect(progress.map((p) => p.bytes)).toEqual([...progress.map((p) => p.bytes)].sort((a, b) => a - b));
    expect(await run('start_app', { appId: 'com.tactile.verify' })).toMatchObject({
      status: 'completed',
      action_envelope: { success: true },
    });
    expect(await run('get_current_activity')).toMatchObject({
      result: expect.objectContaining({ package: 'com.tactile.verify' }),
    });
  }, 60_000);
});

describe('swipe and the CLI', () => {
  it("swipe (seed 000's schema) carries the action envelope: pending verification, never verified", async () => {
    const r = await run('swipe', { start: [500, 800], end: [500, 300] });
    expect(r).toMatchObject({
      status: 'completed',
      action_envelope: {
        action_type: 'swipe',
        success: true,
        lifecycle_state: 'pending_verification',
        ui_fingerprint_before: expect.stringMatching(/^[a-f0-9]{64}$/),
      },
    });
    const off = await run('swipe', { start: [500, 800], end: [500, 1200] });
    expect(off).toMatchObject({
      status: 'not_started',
      code: 'OFF_SCREEN',
      action_envelope: {
        action_type: 'swipe',
        success: false,
        lifecycle_state: 'failed',
        failure_code: 'ELEMENT_NOT_INTERACTABLE',
      },
    });
  });

  it('tactile run takes a seed-004 call ({"tool": …}) and prints its receipt with the result and the envelope', async () => {
    const cli = await buildCliBundle();
    try {
      const env = { ...process.env, TACTILE_DATA_DIR: rig!.dir };
      const tactile = (file: string) =>
        promisify(execFile)(
          process.execPath,
          [cli.file, 'run', file, '--serial', serial, '--server', `127.0.0.1:${rig!.server.port}`, '--json'],
          { env },
        );
      const fingerprint = join(tmp, 'fingerprint.json');
      await writeFile(fingerprint, JSON.stringify({ tool: 'get_screen_fingerprint', args: {} }));
      const observed = JSON.parse((await tactile(fingerprint)).stdout) as Receipt;
      expect(observed).toMatchObject({
        tool: 'get_screen_fingerprint',
        status: 'observed',
        result: { fingerprint: expect.stringMatching(/^[a-f0-9]{64}$/) },
      });
      const tap = join(tmp, 'tap.json');
      await writeFile(tap, JSON.stringify({ tool: 'tap', args: { x: 540, y: 20 } }));
      expect(JSON.parse((await tactile(tap)).stdout) as Receipt).toMatchObject({
        tool: 'tap',
        status: 'completed',
        action_envelope: { action_type: 'tap', success: true },
      });
    } finally {
      await cli.remove();
    }
  }, 120_000);
});
