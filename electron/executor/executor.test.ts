// The pipeline and the seed semantics against a fake device (reference evaluator + recording input).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceState } from '../../shared/helper-protocol';
import { ReceiptSchema, type Receipt } from '../../shared/receipts';
import { DeviceLocks } from '../device/lock';
import type { InputBackend } from '../input/input-backend';
import { createExecutor, type Executor } from './executor';
import { FakeChannel, FakeInput, fakeLink, rid } from '../../test/support/fake-device';

let dir: string;
let locks: DeviceLocks;
let journaled: Receipt[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-exec-unit-'));
  locks = new DeviceLocks({ dir });
  journaled = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function executorFor(channel: FakeChannel | null, input: InputBackend = new FakeInput()): Executor {
  return createExecutor({
    links: { open: async () => fakeLink(channel, input) },
    locks,
    journal: { append: (r) => void journaled.push(r) },
  });
}
const run = (ex: Executor, tool: string, args: Record<string, unknown>) =>
  ex.run({ tool, args }, { serial: 'fake-1', owner: 'unit' });
const tapOk = { action: 'click', target: rid('ok'), target_description: 'ok', coordinate_space: 'normalized' };

describe('validation before dispatch', () => {
  it('refuses an invalid call with nothing dispatched and journals the receipt', async () => {
    const input = new FakeInput();
    const r = await run(executorFor(new FakeChannel(), input), 'swipe', {
      start: [500, 500],
      end: [500, 600],
      speed: 3,
    });
    expect(r).toMatchObject({ status: 'not_started', code: 'INVALID_ARGUMENT' });
    expect(input.contacts).toHaveLength(0);
    expect(journaled).toHaveLength(1);
    expect(ReceiptSchema.safeParse(journaled[0]).success).toBe(true);
  });

  it('refuses multi-finger and native tools on a single-pointer backend without a helper', async () => {
    const input = new FakeInput(['inject.single_pointer']);
    const ex = executorFor(null, input);
    const pinch = await run(ex, 'pinch', {
      center: [500, 500],
      start_span: 100,
      end_span: 200,
      target_description: 'x',
    });
    expect(pinch).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE' });
    const native = await run(ex, 'read_control', { selector: { resource_id: rid('ok') } });
    expect(native).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE', path: '/args' });
    const caps = await ex.capabilities('fake-1');
    expect(caps.tools).not.toContain('touch_gesture');
    expect(caps.tools).toContain('swipe');
    expect(input.contacts).toHaveLength(0);
  });

  it('answers DEVICE_BUSY naming the holder when another client holds the device', async () => {
    const held = locks.acquire('fake-1', 'someone-else');
    expect(held.ok).toBe(true);
    const r = await run(executorFor(new FakeChannel()), 'click', { target: [500, 500] });
    expect(r).toMatchObject({ status: 'not_started', code: 'DEVICE_BUSY' });
    expect(r.message).toContain('someone-else');
    if (held.ok) held.lock.release();
  });
});

describe('action_sequence', () => {
  it('input of unknown outcome: member unknown, the rest not started, nothing resent, device kept occupied', async () => {
    const input = new FakeInput();
    input.script.push({ ok: true, figures: { backend: 'helper', events: 2, down_time_ms: 0, event_times_ms: null } });
    input.script.push({ ok: false, uncertain: true, code: 'DEVICE_LOST', message: 'gone', dispatched: null });
    const r = await run(executorFor(new FakeChannel(), input), 'action_sequence', { steps: [tapOk, tapOk, tapOk] });
    expect(r.members!.map((m) => m.status)).toEqual(['completed', 'unknown', 'not_started']);
    expect(r).toMatchObject({ status: 'unknown', code: 'DEVICE_LOST' });
    expect(input.contacts).toHaveLength(2);
    expect(locks.status('fake-1')[0]!.state).toBe('uncertain');
    expect(ReceiptSchema.safeParse(r).success).toBe(true);
  });

  it('click.times revalidates a resource target before every tap', async () => {
    const channel = new FakeChannel();
    const input = new FakeInput();
    const ex = executorFor(channel, input);
    // The button disappears after the first tap.
    const originalDispatch = input.dispatch.bind(input);
    input.dispatch = async (s) => {
      const out = await originalDispatch(s);
      channel.state = {
        ...channel.state,
        nodes: channel.state.nodes.map((n) => (n.resource_id === rid('ok') ? { ...n, resource_id: rid('gone') } : n)),
      };
      return out;
    };
    const r = await run(ex, 'action_sequence', { steps: [{ ...tapOk, times: 3 }] });
    expect(r.members![0]).toMatchObject({ status: 'partial', code: 'NOT_FOUND', completed_taps: 1 });
    expect(input.contacts).toHaveLength(1);
  });
});

describe('control_action', () => {
  it('STALE when the text changed after the reading: no write is sent', async () => {
    const channel = new FakeChannel();
    const ex = executorFor(channel);
    const read = await run(ex, 'read_control', { selector: { resource_id: rid('ok') } });
    channel.state = {
      ...channel.state,
      nodes: channel.state.nodes.map((n) => (n.resource_id === rid('ok') ? { ...n, text: 'Okay' } : n)),
    };
    const r = await run(ex, 'control_action', {
      selector: { resource_id: rid('ok') },
      action: 'click',
      expected_token: read.control!.token,
    });
    expect(r).toMatchObject({ status: 'not_started', code: 'STALE' });
    expect(channel.requests.filter((q) => q.op === 'control_action')).toHaveLength(0);
  });

  it('ensure_state writes once and reports verified=false without toggling again', async () => {
    const channel = new FakeChannel();
    const r = await run(executorFor(channel), 'control_action', {
      selector: { resource_id: rid('box') },
      action: 'click',
      ensure_state: { state: 'checked' },
      verify_timeout_ms: 300,
    });
    expect(r).toMatchObject({
      status: 'completed',
      code: null,
      ensure_state: { satisfied_before: false, acted: true, verified: false },
    });
    expect(channel.requests.filter((q) => q.op === 'control_action')).toHaveLength(1);
  });

  it('ensure_state verification that only met read failures keeps TIMEOUT (never a clean verified=false)', async () => {
    const channel = new FakeChannel();
    channel.faults.set(
      'probe',
      Array.from({ length: 50 }, () => ({ kind: 'error' as const, code: 'READ_FAILED', message: 'flaky read' })),
    );
    const r = await run(executorFor(channel), 'control_action', {
      selector: { resource_id: rid('box') },
      action: 'click',
      ensure_state: { state: 'checked' },
      verify_timeout_ms: 300,
    });
    expect(r).toMatchObject({
      status: 'completed',
      code: 'TIMEOUT',
      message: expect.stringMatching(/last error READ_FAILED: flaky read/),
      ensure_state: { acted: true, verified: false },
    });
    expect(channel.requests.filter((q) => q.op === 'control_action')).toHaveLength(1);
  });

  it('ensure_state verified when the app reacts', async () => {
    const channel = new FakeChannel();
    channel.afterWrite = (s: DeviceState) => ({
      ...s,
      nodes: s.nodes.map((n) => (n.resource_id === rid('box') ? { ...n, flags: { ...n.flags, checked: true } } : n)),
    });
    const r = await run(executorFor(channel), 'control_action', {
      selector: { resource_id: rid('box') },
      action: 'click',
      ensure_state: { state: 'checked' },
    });
    expect(r.ensure_state).toEqual({ state: 'checked', satisfied_before: false, acted: true, verified: true });
  });

  it('a write whose answer never comes is unknown and leaves the device occupied', async () => {
    const channel = new FakeChannel();
    channel.faults.set('control_action', [{ kind: 'lost' }]);
    const r = await run(executorFor(channel), 'control_action', {
      selector: { resource_id: rid('ok') },
      action: 'click',
    });
    expect(r).toMatchObject({ status: 'unknown', code: 'DEVICE_LOST' });
    expect(locks.status('fake-1')[0]!.state).toBe('uncertain');
  });
});

describe('wait_until', () => {
  it('READ_FAILED / UNAVAILABLE never prove absence: persistent unreadability times out with the last error', async () => {
    const channel = new FakeChannel();
    channel.faults.set(
      'probe',
      Array.from({ length: 50 }, () => ({ kind: 'error' as const, code: 'UNAVAILABLE', message: 'window transition' })),
    );
    const r = await run(executorFor(channel), 'wait_until', {
      selector: { resource_id: rid('missing') },
      state: 'absent',
      timeout_ms: 400,
      poll_interval_ms: 50,
      stable_ms: 0,
    });
    expect(r).toMatchObject({ status: 'observed', code: 'TIMEOUT' });
    expect(r.message).toContain('UNAVAILABLE');
  });

  it('a transient read failure restarts the stable window; a reliable later observation satisfies it', async () => {
    const channel = new FakeChannel();
    channel.faults.set('probe', [{ kind: 'error', code: 'READ_FAILED' }]);
    const r = await run(executorFor(channel), 'wait_until', {
      selector: { resource_id: rid('missing') },
      state: 'absent',
      timeout_ms: 2000,
      poll_interval_ms: 50,
      stable_ms: 100,
    });
    expect(r).toMatchObject({ status: 'observed', code: null });
    expect(channel.requests.filter((q) => q.op === 'probe').length).toBeGreaterThanOrEqual(3);
  });

  it('AMBIGUOUS returns at once', async () => {
    const channel = new FakeChannel();
    const twin = { ...channel.state.nodes[1]!, bounds_px: [100, 300, 300, 400] as [number, number, number, number] };
    channel.state = {
      ...channel.state,
      nodes: [{ ...channel.state.nodes[0]!, children: [1, 2, 3, 4, 5] }, ...channel.state.nodes.slice(1), twin],
    };
    const r = await run(executorFor(channel), 'wait_until', {
      selector: { resource_id: rid('ok') },
      state: 'visible',
      timeout_ms: 3000,
    });
    expect(r).toMatchObject({ status: 'observed', code: 'AMBIGUOUS' });
    expect(channel.requests.filter((q) => q.op === 'probe')).toHaveLength(1);
  });
});

describe('value feedback and the repeated-strategy guard', () => {
  const drag = (end: [number, number]) => ({
    start: [100, 500],
    end,
    target_description: 'timeline',
    duration_ms: 50,
    feedback: {
      selector: { resource_id: rid('clock') },
      value_format: 'clock',
      target_value: 120,
      tolerance: 1,
      stable_ms: 100,
      timeout_ms: 400,
    },
  });

  it('keeps before/after/residual, refuses the third unchanged attempt, allows a clearly different distance', async () => {
    const input = new FakeInput();
    const ex = executorFor(new FakeChannel(), input);
    const first = await run(ex, 'drag', drag([110, 500]));
    expect(first.feedback).toEqual({
      value_format: 'clock',
      target_value: 120,
      tolerance: 1,
      before_value: 60,
      after_value: 60,
      residual: -60,
      within_tolerance: false,
      invalid_readings: 0,
    });
    await run(ex, 'drag', drag([111, 500])); // a nudge is the same strategy
    const third = await run(ex, 'drag', drag([110, 500]));
    expect(third).toMatchObject({ status: 'not_started', code: 'STRATEGY_REPEATED' });
    expect(input.contacts).toHaveLength(2);
    const farther = await run(ex, 'drag', drag([900, 500]));
    expect(farther.status).toBe('completed');
  });

  it('an unreadable feedback control refuses before input', async () => {
    const input = new FakeInput();
    const f = drag([200, 500]);
    const r = await run(executorFor(new FakeChannel(), input), 'drag', {
      ...f,
      feedback: { ...f.feedback, value_format: 'number' },
    });
    expect(r).toMatchObject({ status: 'not_started', code: 'READ_FAILED' });
    expect(input.contacts).toHaveLength(0);
  });
});

describe('sequence refusals and group feedback', () => {
  it('a refused sequence lists every member, the offending one carrying the code', async () => {
    const input = new FakeInput(['inject.single_pointer']);
    const r = await run(executorFor(new FakeChannel(), input), 'action_sequence', {
      steps: [tapOk, { action: 'pinch', center: [500, 500], start_span: 100, end_span: 200, target_description: 'x' }],
    });
    expect(r).toMatchObject({ status: 'not_started', code: 'CAPABILITY_UNAVAILABLE' });
    expect(r.members!.map((m) => [m.status, m.code])).toEqual([
      ['not_started', null],
      ['not_started', 'CAPABILITY_UNAVAILABLE'],
    ]);
    expect(ReceiptSchema.safeParse(r).success).toBe(true);
    expect(input.contacts).toHaveLength(0);
  });

  it('group feedback is read before the first member and observed after the last', async () => {
    const r = await run(executorFor(new FakeChannel()), 'action_sequence', {
      steps: [
        {
          action: 'drag',
          start: [100, 500],
          end: [300, 500],
          target_description: 'timeline',
          coordinate_space: 'normalized',
        },
        { action: 'wait', time_in_ms: 10 },
      ],
      feedback: {
        selector: { resource_id: rid('clock') },
        value_format: 'clock',
        target_value: 60,
        tolerance: 0,
        stable_ms: 100,
        timeout_ms: 500,
      },
    });
    expect(r).toMatchObject({ status: 'completed', code: null });
    expect(r.feedback).toMatchObject({ before_value: 60, after_value: 60, residual: 0, within_tolerance: true });
    expect(ReceiptSchema.safeParse(r).success).toBe(true);
  });

  it('journals a screenshot by its hash only', async () => {
    const r = await run(executorFor(new FakeChannel()), 'take_screenshot', {});
    expect((r.observation_after as { image: Record<string, unknown> }).image).toHaveProperty('png_base64');
    expect((journaled[0]!.observation_after as { image: Record<string, unknown> }).image).not.toHaveProperty(
      'png_base64',
    );
    expect((journaled[0]!.observation_after as { image: Record<string, unknown> }).image).toHaveProperty('png_sha256');
  });
});

describe('device errors in receipts', () => {
  it('a raw socket error from the link becomes READ_FAILED, so the receipt stays valid for the journal', async () => {
    const link = fakeLink(null, new FakeInput());
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const ex = createExecutor({
      links: { open: async () => ({ ...link, observe: async () => Promise.reject(reset) }) },
      locks,
      journal: { append: (r) => void journaled.push(r) },
    });
    const r = await run(ex, 'get_ui_hierarchy', {});
    expect(r).toMatchObject({ status: 'observed', code: 'READ_FAILED', message: 'socket hang up' });
    expect(ReceiptSchema.safeParse(r).success).toBe(true);
  });
});

describe('checks say what they expected and what they read', () => {
  it('a wait that times out keeps the condition, the last reading and each poll in its receipt', async () => {
    const r = await run(executorFor(new FakeChannel()), 'wait_until', {
      selector: { resource_id: rid('ok') },
      state: 'text',
      expected_text: 'Cancel',
      timeout_ms: 300,
      poll_interval_ms: 50,
      stable_ms: 0,
    });
    expect(r).toMatchObject({ status: 'observed', code: 'TIMEOUT' });
    expect(r.message).toContain('text is "Cancel" did not hold within 300 ms; last read: text "OK"');
    expect(r.check).toMatchObject({
      subject: `resource_id=${rid('ok')}`,
      expected: 'text is "Cancel"',
      actual: 'text "OK"',
      matched: false,
    });
    expect(r.check!.polls).toBeGreaterThanOrEqual(2);
    expect(r.check!.timeline).toEqual([
      expect.objectContaining({ actual: 'text "OK"', matched: false, polls: r.check!.polls }),
    ]);
    expect(ReceiptSchema.safeParse(journaled[0]).success).toBe(true);
  });

  it('a wait that holds and an expect_state that fails say so, with the value read', async () => {
    const ex = executorFor(new FakeChannel());
    const held = await run(ex, 'wait_until', {
      selector: { resource_id: rid('seek') },
      state: 'value',
      expected_value: 50,
      timeout_ms: 300,
      stable_ms: 0,
    });
    expect(held.check).toMatchObject({ expected: 'value is 50', actual: 'value 50', matched: true, polls: 1 });
    const expected = await run(ex, 'expect_state', {
      selector: { resource_id: rid('box') },
      property: 'checked',
      expected: true,
    });
    expect(expected).toMatchObject({
      code: 'EXPECTATION_FAILED',
      check: { subject: `checked of resource_id=${rid('box')}`, expected: 'is true', actual: 'false', matched: false },
    });
  });
});
