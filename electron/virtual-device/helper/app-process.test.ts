// app_process on the virtual device: the helper command line, its refusals, and the lab seen as a helper.
import { describe, expect, it } from 'vitest';
import { createTestAndroid } from '../android/test-harness';
import { labDeviceState } from './lab-device-state';

describe('app_process', () => {
  it('refuses another protocol (exit 2) and an unknown class, listening on nothing', async () => {
    const t = createTestAndroid();
    const wrong = await t.run('CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 2');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('protocol 3');
    const other = await t.run('app_process / com.example.Other 3');
    expect(other.code).toBe(1);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).toBeNull();
  });

  it('listens while its shell lives and stops listening when the shell ends', async () => {
    const t = createTestAndroid();
    const controller = new AbortController();
    let out = '';
    const running = t.android.shell.exec('CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 3 socket=tactile-helper', {
      stdout: async (c) => void (out += Buffer.from(c).toString()),
      stderr: async () => undefined,
      signal: controller.signal,
      stdin: (async function* () {})(),
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(out).toMatch(/^tactile-helper \S+ listening on localabstract:tactile-helper/);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).not.toBeNull();
    // A second helper cannot take the same socket (exit 5, like the Java helper).
    expect((await t.run('app_process / com.tactile.helper.Main 3')).code).toBe(5);
    controller.abort();
    expect(await running).toBe(0);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).toBeNull();
  });
});

describe('the lab as a helper sees it', () => {
  it('maps windows, nodes, actions and regions; regions are unknown below API 30', () => {
    const t34 = createTestAndroid();
    const s = labDeviceState(t34.android.lab.snapshot(), 34, 5000, ['op-x']);
    expect(s).toMatchObject({ sdk: 34, display: { width: 1080, height: 2400 }, uptime_ms: 5000, windows_complete: true, cancelled_operation_ids: ['op-x'] });
    expect(s.windows.filter((w) => w.active)).toHaveLength(1);
    const seek = s.nodes.find((n) => n.resource_id === 'com.tactile.lab:id/seekbar')!;
    expect(seek.range).toMatchObject({ min: 0, max: 100 });
    expect(seek.actions).toContain('set_progress');
    expect(s.windows.every((w) => w.touchable_region !== null)).toBe(true);
    const t29 = createTestAndroid({ sdk: 29 });
    expect(labDeviceState(t29.android.lab.snapshot(), 29, 0, []).windows.every((w) => w.touchable_region === null)).toBe(true);
  });

  it('an empty EditText shows its hint as text with showing_hint_text from API 26; below, no text and no flag', () => {
    const field = (sdk: number) => {
      const s = labDeviceState(createTestAndroid({ sdk }).android.lab.snapshot(), sdk, 0, []);
      return s.nodes.find((n) => n.resource_id === 'com.tactile.lab:id/edit_text')!;
    };
    expect(field(34)).toMatchObject({ text: 'Type a message', flags: { showing_hint_text: true } });
    expect(field(25).text).toBeNull();
    expect(field(25).flags).not.toHaveProperty('showing_hint_text');
  });
});
