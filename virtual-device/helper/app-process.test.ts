// app_process on the virtual device: the helper command line, its refusals, and the lab seen as a helper.
import { describe, expect, it, vi } from 'vitest';
import { createTestAndroid } from '../android/test-harness';
import type { DeviceStream } from '../device-services';
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
    await vi.waitFor(() => expect(out).toMatch(/^tactile-helper \S+ listening on localabstract:tactile-helper/), { timeout: 10_000 });
    expect(t.android.sockets.connect('localabstract:tactile-helper')).not.toBeNull();
    // A second helper cannot take the same socket (exit 5, like the Java helper).
    expect((await t.run('app_process / com.tactile.helper.Main 3')).code).toBe(5);
    controller.abort();
    expect(await running).toBe(0);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).toBeNull();
  });
});

describe('the helper process lifecycle (PROTOCOL.md §10)', () => {
  const start = (t: ReturnType<typeof createTestAndroid>, controller = new AbortController()) => {
    let out = '';
    const running = t.android.shell.exec('CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 3 socket=tactile-helper', {
      stdout: async (c) => void (out += Buffer.from(c).toString()),
      stderr: async (c) => void (out += Buffer.from(c).toString()),
      signal: controller.signal,
      stdin: (async function* () {})(),
    });
    return { running, output: () => out };
  };
  const listening = async (t: ReturnType<typeof createTestAndroid>) => {
    for (let i = 0; i < 200 && t.android.processes.list().length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  };

  it('serves one session, then exits 0; a second host finds nothing listening', async () => {
    const t = createTestAndroid();
    const h = start(t);
    await listening(t);
    const accept = t.android.sockets.connect('localabstract:tactile-helper');
    expect(accept).not.toBeNull();
    const closeHandlers: Array<() => void> = [];
    const hostCloses = () => closeHandlers.forEach((h) => h());
    const written: Uint8Array[] = [];
    const stream: DeviceStream = {
      onData: () => undefined,
      onClose: (h) => void closeHandlers.push(h),
      write: async (c) => void written.push(c),
      close: () => undefined,
      closed: false,
    };
    accept!(stream);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).toBeNull();
    await vi.waitFor(() => expect(written.length).toBeGreaterThan(0), { timeout: 10_000 }); // the hello
    hostCloses();
    expect(await h.running).toBe(0);
    expect(t.android.processes.list()).toEqual([]);
  });

  it('shows in ps with its argv while it runs, and kill ends it with status 143 (SIGTERM)', async () => {
    const t = createTestAndroid();
    const h = start(t);
    await listening(t);
    const ps = await t.run('ps -A -o PID,ARGS');
    const line = ps.out.split('\n').find((l) => l.includes('com.tactile.helper.Main'))!;
    expect(line).toMatch(/^\s*\d+ app_process \/ com\.tactile\.helper\.Main 3 socket=tactile-helper$/);
    const pid = Number(line.trim().split(' ')[0]);
    expect((await t.run('pidof app_process')).out.trim()).toBe(String(pid));
    expect((await t.run(`kill ${pid}`)).code).toBe(0);
    expect(await h.running).toBe(143);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).toBeNull();
    expect((await t.run(`kill ${pid}`)).err).toBe(`kill: pid ${pid}: No such process\n`);
    expect((await t.run('kill 1000')).err).toBe('kill: pid 1000: Operation not permitted\n');
  });

  it('setprop sets a test fault, and refuses to change a read-only property', async () => {
    const t = createTestAndroid();
    expect((await t.run('setprop persist.tactile.sim.inject_denied 1')).code).toBe(0);
    expect((await t.run('getprop persist.tactile.sim.inject_denied')).out).toBe('1\n');
    const ro = await t.run('setprop ro.build.version.sdk 21');
    expect(ro).toMatchObject({ code: 1, err: "Failed to set property 'ro.build.version.sdk' to '21'.\nSee dmesg for error reason.\n" });
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
