// Receipts that never overstate or understate (issue 15, Deliver 6): error paths point at the offending
// argument, `stable` needs two observations, a native write the helper performed stays performed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReceiptSchema, type Receipt } from '../../shared/receipts';
import { DeviceLocks } from '../device/lock';
import { createExecutor, type Executor } from './executor';
import { FakeChannel, FakeInput, fakeLink, rid } from '../../test/support/fake-device';

let dir: string;
let locks: DeviceLocks;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-honest-'));
  locks = new DeviceLocks({ dir });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function executorFor(channel: FakeChannel): Executor {
  return createExecutor({
    links: { open: async () => fakeLink(channel, new FakeInput()) },
    locks,
    journal: { append: () => undefined },
  });
}
const run = (ex: Executor, tool: string, args: Record<string, unknown>): Promise<Receipt> =>
  ex.run({ tool, args }, { serial: 'fake-1', owner: 'unit' });
const writes = (c: FakeChannel) => c.requests.filter((q) => q.op === 'control_action' || q.op === 'scroll');
const SIG_A = 'a'.repeat(64);
const SIG_B = 'b'.repeat(64);

describe('error paths point at the offending argument', () => {
  it('a value outside the range is /args/value; an action the control lacks is /args/action', async () => {
    const channel = new FakeChannel();
    const ex = executorFor(channel);
    const far = await run(ex, 'control_action', {
      selector: { resource_id: rid('seek') },
      action: 'set_progress',
      value: 250,
    });
    expect(far).toMatchObject({ status: 'not_started', code: 'INVALID_ARGUMENT', path: '/args/value' });
    const lacking = await run(ex, 'control_action', { selector: { resource_id: rid('seek') }, action: 'click' });
    expect(lacking).toMatchObject({ status: 'not_started', code: 'UNSUPPORTED_ACTION', path: '/args/action' });
  });

  it('inside a sequence the path is the member request field', async () => {
    const channel = new FakeChannel();
    const r = await run(executorFor(channel), 'action_sequence', {
      steps: [
        {
          action: 'control_action',
          request: { selector: { resource_id: rid('seek') }, action: 'set_progress', value: -5 },
        },
      ],
    });
    expect(r.members![0]).toMatchObject({ code: 'INVALID_ARGUMENT', path: '/args/steps/0/request/value' });
  });

  it('a scroll the container refuses points at /args/direction', async () => {
    const channel = new FakeChannel();
    channel.faults.set('scroll', [
      { kind: 'error', code: 'UNSUPPORTED_ACTION', path: '/direction', message: 'no scroll_left' },
    ]);
    const r = await run(executorFor(channel), 'scroll_to', {
      container: { resource_id: rid('seek') },
      target: { text: 'Nowhere' },
      direction: 'left',
      settle_ms: 50,
    });
    expect(r).toMatchObject({ status: 'not_started', code: 'UNSUPPORTED_ACTION', path: '/args/direction' });
  });
});

describe('wait_until stable', () => {
  it('needs two unchanged observations even with stable_ms 0', async () => {
    const channel = new FakeChannel();
    const r = await run(executorFor(channel), 'wait_until', {
      selector: { resource_id: rid('ok') },
      state: 'stable',
      stable_ms: 0,
      poll_interval_ms: 50,
      timeout_ms: 2000,
    });
    expect(r).toMatchObject({ status: 'observed', code: null });
    expect(channel.requests.filter((q) => q.op === 'probe').length).toBeGreaterThanOrEqual(2);
  });

  it('a control that changes on every look is never stable with stable_ms 0', async () => {
    const channel = new FakeChannel();
    let tick = 0;
    const request = channel.request.bind(channel);
    channel.request = async (op, params, id) => {
      if (op === 'probe')
        channel.state = {
          ...channel.state,
          nodes: channel.state.nodes.map((n) =>
            n.resource_id === rid('clock') ? { ...n, text: `00:00:${String(tick++ % 60).padStart(2, '0')}` } : n,
          ),
        };
      return request(op, params, id);
    };
    const r = await run(executorFor(channel), 'wait_until', {
      selector: { resource_id: rid('clock') },
      state: 'stable',
      stable_ms: 0,
      poll_interval_ms: 50,
      timeout_ms: 300,
    });
    expect(r).toMatchObject({ status: 'observed', code: 'TIMEOUT' });
  });
});

describe('a native write the helper performed is recorded as performed', () => {
  for (const code of ['READ_FAILED', 'TIMEOUT', 'CANCELLED']) {
    it(`control_action answered ${code} with details.performed: completed with the code, acted, device free`, async () => {
      const channel = new FakeChannel();
      channel.faults.set('control_action', [
        { kind: 'error', code, message: 'performed, then the read failed', details: { performed: true } },
      ]);
      const r = await run(executorFor(channel), 'control_action', {
        selector: { resource_id: rid('box') },
        action: 'click',
        ensure_state: { state: 'checked' },
      });
      expect(r).toMatchObject({ status: 'completed', code, path: null, ensure_state: { acted: true } });
      expect(writes(channel)).toHaveLength(1);
      expect(ReceiptSchema.safeParse(r).success).toBe(true);
    });
  }

  it('a write failure without details that may follow the action is unknown, never not_started', async () => {
    const channel = new FakeChannel();
    channel.faults.set('control_action', [{ kind: 'error', code: 'READ_FAILED', message: 'no details' }]);
    const r = await run(executorFor(channel), 'control_action', {
      selector: { resource_id: rid('box') },
      action: 'click',
      ensure_state: { state: 'checked' },
    });
    expect(r).toMatchObject({ status: 'unknown', code: 'READ_FAILED', ensure_state: { acted: true } });
  });

  it('details.performed=false stays not_started', async () => {
    const channel = new FakeChannel();
    channel.faults.set('control_action', [
      {
        kind: 'error',
        code: 'UNSUPPORTED_ACTION',
        message: 'performAction answered false',
        details: { performed: false },
      },
    ]);
    const r = await run(executorFor(channel), 'control_action', {
      selector: { resource_id: rid('box') },
      action: 'click',
      ensure_state: { state: 'checked' },
    });
    expect(r).toMatchObject({ status: 'not_started', code: 'UNSUPPORTED_ACTION', ensure_state: { acted: false } });
  });

  it('a scroll that timed out settling is a completed scroll record with its signatures', async () => {
    const channel = new FakeChannel();
    channel.faults.set('scroll', [
      {
        kind: 'error',
        code: 'TIMEOUT',
        message: 'still moving',
        details: { performed: true, content_signature_before: SIG_A, content_signature_last: SIG_B },
      },
    ]);
    const r = await run(executorFor(channel), 'scroll_to', {
      container: { resource_id: rid('seek') },
      target: { text: 'Nowhere' },
      settle_ms: 50,
      timeout_ms: 2000,
    });
    expect(r).toMatchObject({ status: 'completed', code: 'TIMEOUT' });
    expect(r.scrolls).toEqual([
      expect.objectContaining({
        status: 'completed',
        code: 'TIMEOUT',
        content_signature_before: SIG_A,
        content_signature_after: SIG_B,
        content_changed: true,
      }),
    ]);
    expect(writes(channel)).toHaveLength(1);
    expect(ReceiptSchema.safeParse(r).success).toBe(true);
  });
});
