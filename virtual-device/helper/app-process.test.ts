// app_process on the virtual device: the helper command line, its refusals, and the lab seen as a helper.
import { describe, expect, it, vi } from 'vitest';
import { createTestAndroid } from '../android/test-harness';
import { FrameDecoder } from '../../shared/helper-protocol';
import type { DeviceStream } from '../device-services';
import { labDeviceState } from './lab-device-state';

describe('app_process', () => {
  it('refuses another protocol (exit 2) and an unknown class, listening on nothing', async () => {
    const t = createTestAndroid();
    const wrong = await t.run('CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 3');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('protocol 4');
    const other = await t.run('app_process / com.example.Other 4');
    expect(other.code).toBe(1);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).toBeNull();
  });

  it('listens while its shell lives and stops listening when the shell ends', async () => {
    const t = createTestAndroid();
    const controller = new AbortController();
    let out = '';
    const running = t.android.shell.exec(
      'CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 4 socket=tactile-helper',
      {
        stdout: async (c) => void (out += Buffer.from(c).toString()),
        stderr: async () => undefined,
        signal: controller.signal,
        stdin: (async function* () {})(),
      },
    );
    await vi.waitFor(() => expect(out).toMatch(/^tactile-helper \S+ listening on localabstract:tactile-helper/), {
      timeout: 10_000,
    });
    expect(t.android.sockets.connect('localabstract:tactile-helper')).not.toBeNull();
    // A second helper cannot take the same socket (exit 5, like the Java helper).
    expect((await t.run('app_process / com.tactile.helper.Main 4')).code).toBe(5);
    controller.abort();
    expect(await running).toBe(0);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).toBeNull();
  });
});

describe('the helper process lifecycle (PROTOCOL.md §10)', () => {
  const start = (t: ReturnType<typeof createTestAndroid>, controller = new AbortController()) => {
    let out = '';
    const running = t.android.shell.exec(
      'CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 4 socket=tactile-helper',
      {
        stdout: async (c) => void (out += Buffer.from(c).toString()),
        stderr: async (c) => void (out += Buffer.from(c).toString()),
        signal: controller.signal,
        stdin: (async function* () {})(),
      },
    );
    return { running, output: () => out };
  };
  const listening = async (t: ReturnType<typeof createTestAndroid>) => {
    await vi.waitFor(() => expect(t.android.processes.list().length).toBeGreaterThan(0), { timeout: 10_000 });
  };

  /** A host's end of one connection: what the helper wrote, and the host closing it. */
  const host = (t: ReturnType<typeof createTestAndroid>) => {
    const accept = t.android.sockets.connect('localabstract:tactile-helper');
    expect(accept).not.toBeNull();
    const closeHandlers: Array<() => void> = [];
    const decoder = new FrameDecoder();
    const frames: Array<Record<string, unknown>> = [];
    const stream: DeviceStream = {
      onData: () => undefined,
      onClose: (h) => void closeHandlers.push(h),
      write: async (c) => void frames.push(...decoder.push(c)),
      close: () => undefined,
      closed: false,
    };
    accept!(stream);
    return { frames, close: () => closeHandlers.forEach((h) => h()) };
  };
  const hello = async (frames: Array<Record<string, unknown>>) => {
    await vi.waitFor(() => expect(frames.length).toBeGreaterThan(0), { timeout: 10_000 });
    return frames[0];
  };

  it('serves every host that connects; exits 0 only once its stdin ended and the last session left', async () => {
    const t = createTestAndroid();
    const controller = new AbortController();
    const h = start(t, controller);
    await listening(t);
    const a = host(t);
    const b = host(t);
    expect(await hello(a.frames)).toMatchObject({ type: 'hello', protocol: 4, sessions: 0 });
    expect(await hello(b.frames)).toMatchObject({ type: 'hello', protocol: 4, sessions: 1 });
    a.close();
    controller.abort(); // the launching host's shell stream ends: b still uses the helper
    const c = host(t); // and it still takes new hosts
    expect(await hello(c.frames)).toMatchObject({ type: 'hello', sessions: 1 });
    expect(t.android.processes.list()).toHaveLength(1);
    b.close();
    c.close();
    expect(await h.running).toBe(0);
    expect(t.android.processes.list()).toEqual([]);
    expect(t.android.sockets.connect('localabstract:tactile-helper')).toBeNull();
  });

  it('shows in ps with its argv while it runs, and kill ends it with status 143 (SIGTERM)', async () => {
    const t = createTestAndroid();
    const h = start(t);
    await listening(t);
    const ps = await t.run('ps -A -o PID,ARGS');
    const line = ps.out.split('\n').find((l) => l.includes('com.tactile.helper.Main'))!;
    expect(line).toMatch(/^\s*\d+ app_process \/ com\.tactile\.helper\.Main 4 socket=tactile-helper$/);
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
    expect(ro).toMatchObject({
      code: 1,
      err: "Failed to set property 'ro.build.version.sdk' to '21'.\nSee dmesg for error reason.\n",
    });
  });
});

describe('the lab as a helper sees it', () => {
  it('maps windows, nodes, actions and regions; regions are unknown below API 30', () => {
    const t34 = createTestAndroid();
    const s = labDeviceState(t34.android.lab.snapshot(), 34, 5000, ['op-x']);
    expect(s).toMatchObject({
      sdk: 34,
      display: { width: 1080, height: 2400 },
      uptime_ms: 5000,
      windows_complete: true,
      cancelled_operation_ids: ['op-x'],
    });
    expect(s.windows.filter((w) => w.active)).toHaveLength(1);
    const seek = s.nodes.find((n) => n.resource_id === 'com.tactile.lab:id/seekbar')!;
    expect(seek.range).toMatchObject({ min: 0, max: 100 });
    expect(seek.actions).toContain('set_progress');
    expect(s.windows.every((w) => w.touchable_region !== null)).toBe(true);
    const t29 = createTestAndroid({ sdk: 29 });
    expect(
      labDeviceState(t29.android.lab.snapshot(), 29, 0, []).windows.every((w) => w.touchable_region === null),
    ).toBe(true);
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
