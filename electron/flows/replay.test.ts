// The replay engine over a scripted executor: every step one executor operation per device, stop at the first
// failure with which step / why / what the screen showed, nothing resent after an unknown outcome, the geometry
// guard (refused vs scaled), pause / resume / stop, from step N and single step, expectations.
import { describe, expect, it, vi } from 'vitest';
import { parseFlow, type Flow, type LiveGeometry } from '../../shared/flows';
import { sampleFlow } from '../../shared/flows/test-fixtures';
import type { ReplayView } from '../../shared/ipc/flows';
import type { Receipt, ReceiptStatus } from '../../shared/receipts';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';
import { Replay, type ReplayDeps, type ReplayOptions } from './replay';

const flow = (): Flow => {
  const r = parseFlow(sampleFlow());
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.flow;
};

interface Call {
  serial: string;
  runId?: string;
  tool: string;
  args: Record<string, unknown>;
  signal?: AbortSignal;
}

type Script = (
  call: Call,
  n: number,
) => Promise<{ status: ReceiptStatus; code?: Receipt['code'] }> | { status: ReceiptStatus; code?: Receipt['code'] };

const RECORDED: LiveGeometry = { screen: { width: 1080, height: 2400 }, density: 420, rotation: 0 };

function rig(
  script: Script = () => ({ status: 'completed' }),
  geometry: (serial: string) => LiveGeometry = () => RECORDED,
) {
  const calls: Call[] = [];
  const changes: ReplayView[] = [];
  const deps: ReplayDeps = {
    owner: { pid: 1, hostname: 'h', client: 'test' },
    executor: {
      async run(envelope, options) {
        const e = envelope as { tool: string; args: Record<string, unknown> };
        const call = {
          serial: options.serial,
          runId: options.runId,
          tool: e.tool,
          args: e.args,
          signal: options.signal,
        };
        calls.push(call);
        const out = await script(call, calls.length);
        return {
          ...sampleReceipt(options.operationId!),
          tool: e.tool,
          device_serial: options.serial,
          status: out.status,
          code: out.code ?? null,
          message: out.code ? `failed: ${out.code}` : null,
        };
      },
    },
    geometry: async (serial) => geometry(serial),
    screenShown: async () => ({
      screen: RECORDED.screen,
      rotation: 0,
      texts: ['Paused'],
      resource_ids: ['com.tactile.lab:id/play'],
    }),
    onChange: (v) => changes.push(v),
  };
  const start = (options: Partial<ReplayOptions> = {}) =>
    new Replay(deps, {
      flow: flow(),
      flowId: 'f.json',
      serials: ['A'],
      mode: 'all',
      step: 0,
      pauseAfterEach: false,
      scaleCoordinates: false,
      ...options,
    });
  return { calls, changes, start };
}

const states = (v: ReplayView, serial: string) => v.cells.filter((c) => c.serial === serial).map((c) => c.state);
/** Polls until `check` holds (never a fixed wait before an assertion). */
const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 });

describe('replay', () => {
  it('runs every step on every device, each its own operation, and links each receipt to its cell', async () => {
    const { calls, start } = rig();
    const view = await start({ serials: ['A', 'B'] }).done;
    expect(view.state).toBe('finished');
    expect(view.devices.map((d) => d.state)).toEqual(['succeeded', 'succeeded']);
    expect(view.cells).toHaveLength(8);
    expect(
      view.cells.every((c) => c.state === 'succeeded' && c.operation_id !== null && c.receipt_status === 'completed'),
    ).toBe(true);
    // 4 steps + the read_control step's expectation (wait_until), per device.
    expect(calls.filter((c) => c.serial === 'A').map((c) => c.tool)).toEqual([
      'action_sequence',
      'drag',
      'press_key',
      'read_control',
      'wait_until',
    ]);
    expect(view.cells.find((c) => c.step === 3 && c.serial === 'B')!.expect_operation_id).not.toBeNull();
    expect(new Set(view.cells.map((c) => c.operation_id)).size).toBe(8);
    expect(view.run_id).toBe(`flow-${view.replay_id}`);
    // One replay, one run: every operation is handed the replay's run id.
    expect(new Set(calls.map((c) => c.runId))).toEqual(new Set([view.run_id]));
  });

  it('stops a device at its first failure: which step, why, what the screen showed; the others go on', async () => {
    const { calls, start } = rig((c) =>
      c.serial === 'A' && c.tool === 'drag' ? { status: 'not_started', code: 'NOT_FOUND' } : { status: 'completed' },
    );
    const view = await start({ serials: ['A', 'B'] }).done;
    expect(states(view, 'A')).toEqual(['succeeded', 'failed', 'skipped', 'skipped']);
    expect(states(view, 'B')).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(view.devices[0]).toMatchObject({
      state: 'failed',
      failure: { step: 1, code: 'NOT_FOUND', message: 'failed: NOT_FOUND', screen: { texts: ['Paused'] } },
    });
    expect(calls.filter((c) => c.serial === 'A')).toHaveLength(2);
  });

  it('an unknown outcome (device gone mid-step) ends the replay on that device and nothing is resent', async () => {
    const { calls, start } = rig((c) =>
      c.tool === 'drag' ? { status: 'unknown', code: 'DEVICE_LOST' } : { status: 'completed' },
    );
    const view = await start().done;
    expect(view.cells.map((c) => [c.state, c.receipt_status])).toEqual([
      ['succeeded', 'completed'],
      ['failed', 'unknown'],
      ['skipped', null],
      ['skipped', null],
    ]);
    expect(calls.map((c) => c.tool)).toEqual(['action_sequence', 'drag']);
  });

  it('refuses coordinate steps on a changed screen (GEOMETRY_CHANGED, nothing sent) and scales them only when asked', async () => {
    const smaller: LiveGeometry = { screen: { width: 720, height: 1600 }, density: 320, rotation: 0 };
    const refused = rig(undefined, () => smaller);
    const view = await refused.start().done;
    expect(states(view, 'A')).toEqual(['succeeded', 'refused', 'skipped', 'skipped']);
    expect(view.cells[1]).toMatchObject({ code: 'GEOMETRY_CHANGED', path: '/steps/1/args/start', operation_id: null });
    expect(view.devices[0]!.geometry_changes).toEqual([
      'screen 1080×2400 recorded, 720×1600 now',
      'density 420 dpi recorded, 320 now',
    ]);
    expect(refused.calls.map((c) => c.tool)).toEqual(['action_sequence']);

    const scaled = rig(undefined, () => smaller);
    const ok = await scaled.start({ scaleCoordinates: true }).done;
    expect(states(ok, 'A').every((s) => s === 'succeeded')).toBe(true);
    expect(ok.cells[1]!.scaled).toBe(true);
    expect(scaled.calls[1]!.args).toMatchObject({ start: [67, 333], end: [600, 333] });
  });

  it('runs from step N, or step N alone', async () => {
    const from = rig();
    expect((await from.start({ mode: 'from', step: 2 }).done).steps.map((s) => s.index)).toEqual([2, 3]);
    expect(from.calls.map((c) => c.tool)).toEqual(['press_key', 'read_control', 'wait_until']);
    const single = rig();
    expect((await single.start({ mode: 'single', step: 1 }).done).cells.map((c) => c.step)).toEqual([1]);
    expect(single.calls.map((c) => c.tool)).toEqual(['drag']);
  });

  it('fails a step whose expectation does not hold, pointing at it', async () => {
    const { start } = rig((c) =>
      c.tool === 'wait_until' ? { status: 'observed', code: 'TIMEOUT' } : { status: 'completed' },
    );
    const view = await start().done;
    expect(view.cells[3]).toMatchObject({
      state: 'failed',
      code: 'TIMEOUT',
      path: '/steps/3/expect/wait_until',
      receipt_status: 'completed',
    });
  });

  it('pauses before the next step and resumes; step by step pauses after each', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls, start } = rig(async (_c, n) => {
      if (n === 1) await gate;
      return { status: 'completed' };
    });
    const replay = start();
    await until(() => expect(calls).toHaveLength(1)); // step 0 in flight, held at the gate
    expect(replay.pause().state).toBe('paused');
    release();
    // The step in flight finishes; the device then waits before the next one.
    await until(() => expect(replay.view().devices[0]!.state).toBe('paused'));
    expect(calls).toHaveLength(1);
    replay.resume();
    expect((await replay.done).devices[0]!.state).toBe('succeeded');

    const stepwise = rig();
    const r2 = stepwise.start({ pauseAfterEach: true });
    await until(() => expect(r2.view().devices[0]!.state).toBe('paused'));
    expect(stepwise.calls).toHaveLength(1);
    r2.resume();
    await until(() => expect(stepwise.calls).toHaveLength(2));
    await until(() => expect(r2.view().devices[0]!.state).toBe('paused'));
    expect(stepwise.calls).toHaveLength(2);
    r2.stop();
    expect(states(await r2.done, 'A')).toEqual(['succeeded', 'succeeded', 'skipped', 'skipped']);
  });

  it('stop cancels the step in flight (its receipt says what happened) and runs no further step', async () => {
    const { calls, start } = rig(
      (c) =>
        new Promise((resolve) => {
          if (c.tool !== 'drag') return resolve({ status: 'completed' });
          c.signal!.addEventListener('abort', () => resolve({ status: 'partial', code: 'CANCELLED' }));
        }),
    );
    const replay = start();
    await until(() => expect(calls.map((c) => c.tool)).toContain('drag')); // the drag is in flight
    expect(replay.stop().state).toBe('stopping');
    const view = await replay.done;
    expect(view.devices[0]).toMatchObject({ state: 'stopped', failure: null });
    expect(view.cells.map((c) => [c.state, c.receipt_status])).toEqual([
      ['succeeded', 'completed'],
      ['failed', 'partial'],
      ['skipped', null],
      ['skipped', null],
    ]);
    expect(calls).toHaveLength(2);
  });
});
