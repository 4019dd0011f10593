// The supervisor's restart path with a fake launcher and fake helper processes: a broken session (exit 6, 7,
// 0 or a dropped link) starts a new helper within a bounded budget; exit 4 is not retried by itself and says
// who holds UiAutomation; a failing restart names the exit that broke the helper; the launcher waits for a helper
// another host is starting before replacing it, and gives up only after its 15 s start timeout.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdbServer } from '../adb/adb-server';
import type { HelperChannel } from './helper-channel';
import { describeHelperExit } from './helper-exit';
import { connectOrStartHelper, type HelperExit, type LaunchOutcome } from './helper-launcher';
import { HelperSupervisor } from './helper-supervisor';

/** One fake helper process: its channel and the exit it reports when `exit(code)` is called. */
function fakeHelper() {
  let alive = true;
  let resolveExit!: (e: HelperExit) => void;
  const exited = new Promise<HelperExit>((r) => (resolveExit = r));
  const channel = {
    info: { helper_version: 'fake', sdk: 34, capabilities: ['observe', 'inject.single_pointer'] },
    get alive() {
      return alive;
    },
    request: async () => {
      throw new Error('unused');
    },
    onClose: () => undefined,
    close: () => void (alive = false),
  } as unknown as HelperChannel;
  const process = new PassThrough();
  return {
    outcome: {
      ok: true,
      connection: channel,
      process,
      exited,
      killed: [],
      attached: false,
    } as unknown as LaunchOutcome,
    exit(code: number | null) {
      alive = false;
      resolveExit({ code, message: describeHelperExit(code), output: '' });
    },
  };
}

function rig(delays: number[]) {
  const helpers: Array<ReturnType<typeof fakeHelper>> = [];
  const launch = vi.fn(async () => {
    const h = fakeHelper();
    helpers.push(h);
    return h.outcome;
  });
  const supervisor = new HelperSupervisor({} as AdbServer, { install: false, launch, restartDelaysMs: delays });
  return { supervisor, launch, helpers };
}

// Polled with the suite's generous deadline (vitest.config.ts: 20 s), not a count of short sleeps (2 s).
const until = (check: () => boolean) => expect.poll(check, { interval: 5 }).toBe(true);

let supervisors: HelperSupervisor[] = [];
afterEach(() => {
  for (const s of supervisors) s.stopAll();
  supervisors = [];
});

describe('HelperSupervisor restart path', () => {
  it('starts the helper again after exit 6 (UiAutomation lost) and exit 7 (fatal), and says why meanwhile', async () => {
    const { supervisor, launch, helpers } = rig([1, 1, 1]);
    supervisors.push(supervisor);
    expect((await supervisor.ensure('S')).state).toBe('connected');
    helpers[0]!.exit(6);
    await until(() => supervisor.status('S')?.state === 'unavailable' || launch.mock.calls.length === 2);
    await until(() => launch.mock.calls.length === 2);
    await until(() => supervisor.status('S')?.state === 'connected');
    helpers[1]!.exit(7);
    await until(() => launch.mock.calls.length === 3);
    const status = await supervisor.ensure('S');
    expect(status).toMatchObject({ state: 'connected', restarts: 2 });
  });

  it('stops restarting by itself once its budget is spent (no loop), and a use starts it again later', async () => {
    const { supervisor, launch, helpers } = rig([1, 1]);
    supervisors.push(supervisor);
    await supervisor.ensure('S');
    for (let i = 0; i < 3; i++) {
      await until(() => helpers.length === i + 1 && supervisor.status('S')?.state === 'connected');
      helpers[i]!.exit(6);
      await until(() => supervisor.status('S')?.state === 'unavailable' || launch.mock.calls.length > i + 1);
    }
    // Deliberate: no restart may come over this time (the rig's restarts come 1 ms after an exit; 300 ms leaves a
    // loaded machine room to show one). A slower machine only waits longer.
    await new Promise((r) => setTimeout(r, 300));
    expect(launch).toHaveBeenCalledTimes(3); // the first start and two restarts, then nothing by itself
    const status = supervisor.status('S');
    expect(status).toMatchObject({ state: 'unavailable', exit: { code: 6 } });
    expect(status?.state === 'unavailable' && status.message).toMatch(
      /lost its UiAutomation connection.*restarted 2 times/,
    );
  });

  it('does not restart a helper that exited 4 (another UiAutomation client) and names the likely holder', async () => {
    const { supervisor, launch, helpers } = rig([1]);
    supervisors.push(supervisor);
    await supervisor.ensure('S');
    helpers[0]!.exit(4);
    await until(() => supervisor.status('S')?.state === 'unavailable');
    // Deliberate: no restart may come over this time (the rig would restart 1 ms after the exit).
    await new Promise((r) => setTimeout(r, 300));
    expect(launch).toHaveBeenCalledTimes(1);
    const status = supervisor.status('S');
    expect(status?.state === 'unavailable' && status.message).toMatch(/another UiAutomation client.*Appium/);
  });

  it('a restart that cannot start names the exit that broke the helper, and listeners hear every change', async () => {
    const { supervisor, launch, helpers } = rig([1]);
    supervisors.push(supervisor);
    const heard: string[] = [];
    supervisor.onStatus((serial) => heard.push(`${serial}:${supervisor.status(serial)?.state}`));
    await supervisor.ensure('S');
    launch.mockImplementationOnce(async () => ({
      ok: false,
      code: 'CAPABILITY_UNAVAILABLE',
      message: 'the helper exited at start: the helper could not connect to UiAutomation (exit 3)',
      exit: null,
      killed: [],
    }));
    helpers[0]!.exit(6);
    await until(
      () => launch.mock.calls.length === 2 && supervisor.status('S')?.state === 'unavailable' && heard.length >= 3,
    );
    const status = supervisor.status('S');
    expect(status?.state === 'unavailable' && status.message).toMatch(
      /lost its UiAutomation connection mid-session \(exit 6\); starting it again failed: .*\(exit 3\)/,
    );
    expect(heard).toEqual(['S:connected', 'S:unavailable', 'S:unavailable']);
  });

  it('a session that drops without a status (exit unknown) is restarted too', async () => {
    const { supervisor, launch, helpers } = rig([1]);
    supervisors.push(supervisor);
    await supervisor.ensure('S');
    helpers[0]!.exit(null);
    await until(() => launch.mock.calls.length === 2);
  });
});

describe('connectOrStartHelper start timeout', () => {
  afterEach(() => void vi.useRealTimers());

  it('waits for a helper process that does not listen (another host may be starting it), then replaces it and waits for ours', async () => {
    vi.useFakeTimers();
    const shells: string[] = [];
    const proc = new PassThrough();
    let starts = 0;
    const adb = {
      shell: async (_serial: string, command: string) => {
        shells.push(command);
        return command.startsWith('ps ')
          ? '  PID ARGS\n 7001 app_process / com.tactile.helper.Main 4 socket=tactile-helper\n'
          : '';
      },
      client: {
        getDevice: () => ({
          shell: async () => (starts++, proc),
          openLocal: async () => {
            throw new Error('closed');
          },
        }),
      },
    } as unknown as AdbServer;
    let settled: LaunchOutcome | null = null;
    void connectOrStartHelper(adb, 'S').then((o) => (settled = o));
    await vi.advanceTimersByTimeAsync(14_900);
    expect(shells).not.toContain('kill 7001 2>&1');
    expect(starts).toBe(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(shells).toContain('kill 7001 2>&1');
    expect(starts).toBe(1);
    await vi.advanceTimersByTimeAsync(14_800);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(400);
    expect(settled).toMatchObject({ ok: false, code: 'CAPABILITY_UNAVAILABLE', killed: [7001] });
    const failed = settled as LaunchOutcome | null;
    expect(failed?.ok === false && failed.message).toMatch(/did not listen within 15000 ms/);
  });

  it('a start that loses UiAutomation to another host looks again once; a second exit 4 is reported in words', async () => {
    const procs: PassThrough[] = [];
    const adb = {
      shell: async () => '',
      client: {
        getDevice: () => ({
          shell: async () => {
            const p = new PassThrough();
            procs.push(p);
            return p;
          },
          openLocal: async () => {
            throw new Error('closed');
          },
        }),
      },
    } as unknown as AdbServer;
    const launching = connectOrStartHelper(adb, 'S');
    const busy =
      'tactile-helper: UiAutomationService android.accessibilityservice.IAccessibilityServiceClient already registered!\ntactile-helper exit 4\n';
    await until(() => procs.length === 1);
    procs[0]!.end(busy);
    await until(() => procs.length === 2);
    procs[1]!.end(busy);
    const outcome = await launching;
    expect(outcome).toMatchObject({ ok: false, exit: { code: 4 } });
    expect(outcome.ok === false && outcome.message).toMatch(
      /exited at start: another UiAutomation client holds the connection/,
    );
  });
});
