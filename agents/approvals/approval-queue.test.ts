import { describe, expect, it } from 'vitest';
import { AgentGone, ApprovalQueue, type NewRequest } from './approval-queue';
import type { DecisionRecord } from './decision-journal';

const ask = (over: Partial<NewRequest> = {}): NewRequest => ({
  agent: 'a',
  source: 'mcp',
  serial: 's',
  tool: 'click',
  args: { target: [1, 2] },
  summary: 'click',
  reason: null,
  read_only: false,
  ...over,
});

function queue(over: ConstructorParameters<typeof ApprovalQueue>[0] = {}) {
  let t = 1_000_000;
  const records: DecisionRecord[] = [];
  const q = new ApprovalQueue({ now: () => t, record: (r) => records.push(r), ...over });
  return { q, records, advance: (ms: number) => (t += ms), now: () => t };
}

describe('approval queue', () => {
  it('ask: every request waits for the owner, observe included; the owner decides once', async () => {
    const { q, records } = queue();
    const read = q.request(ask({ tool: 'observe_screen', read_only: true }));
    const act = q.request(ask());
    expect(q.list().map((r) => r.id)).toEqual([read.request.id, act.request.id]);
    expect(q.decide(read.request.id, true)).toBe(true);
    expect(q.decide(read.request.id, false)).toBe(false);
    expect(q.decide(act.request.id, false, 'no thanks')).toBe(true);
    expect(await read.decision).toMatchObject({ verdict: 'approved', by: 'owner' });
    expect(await act.decision).toMatchObject({ verdict: 'rejected', by: 'owner', reason: 'no thanks' });
    expect(records.map((r) => r.decision.verdict)).toEqual(['approved', 'rejected']);
    expect(q.list()).toEqual([]);
  });

  it('read-only approves reads by policy and asks for actions', async () => {
    const { q } = queue({ defaultPolicy: 'read-only' });
    expect(await q.request(ask({ read_only: true })).decision).toMatchObject({
      verdict: 'approved',
      by: 'policy:read-only',
    });
    q.request(ask());
    expect(q.list()).toHaveLength(1);
  });

  it('session approves everything for 15 minutes, then asks again; stop ends it early', async () => {
    const { q, advance } = queue();
    const view = q.setPolicy('a', 'session');
    expect(view.session_until).toBe(1_000_000 + 15 * 60_000);
    expect(await q.request(ask()).decision).toMatchObject({ verdict: 'approved', by: 'policy:session' });
    expect(q.policyOf('other').policy).toBe('ask');
    advance(15 * 60_000);
    expect(q.policyOf('a')).toMatchObject({ policy: 'ask', session_until: null });
    q.request(ask());
    expect(q.list()).toHaveLength(1);
    q.setPolicy('a', 'session');
    expect(q.stopSession('a').policy).toBe('ask');
    q.request(ask());
    expect(q.list()).toHaveLength(2);
  });

  it('expires a request after 120 s and cancels on abort or per agent', async () => {
    const { q, advance, records } = queue();
    const r = q.request(ask());
    advance(119_999);
    q.sweep();
    expect(q.list()).toHaveLength(1);
    advance(1);
    expect(q.list()).toHaveLength(0);
    expect(await r.decision).toMatchObject({ verdict: 'expired', by: 'system' });
    const abort = new AbortController();
    const c = q.request(ask(), abort.signal);
    abort.abort();
    expect(await c.decision).toMatchObject({ verdict: 'cancelled' });
    const d = q.request(ask({ agent: 'b' }));
    q.request(ask({ agent: 'c' }));
    expect(q.cancelAgent('b', 'stopped')).toBe(1);
    expect(await d.decision).toMatchObject({ verdict: 'cancelled', reason: 'stopped' });
    expect(q.list().map((x) => x.agent)).toEqual(['c']);
    expect(records.map((x) => x.decision.verdict)).toEqual(['expired', 'cancelled', 'cancelled']);
    q.close();
  });

  it('notifies changes', () => {
    const { q } = queue();
    let n = 0;
    const off = q.onChange(() => n++);
    const r = q.request(ask());
    q.decide(r.request.id, true);
    off();
    q.request(ask());
    expect(n).toBe(2);
    q.close();
  });
});

describe('approval queue expiry timer', () => {
  it('expires a request even when its timer fires before the clock says it is due', async () => {
    let t = 0;
    const q = new ApprovalQueue({ now: () => t, expiryMs: 20 });
    const r = q.request(ask());
    // The clock lags the timer: due only after the first timer has fired.
    setTimeout(() => (t = 20), 40);
    expect(await r.decision).toMatchObject({ verdict: 'expired' });
  });
});

describe('approval queue: an agent that goes away', () => {
  it('withdraws its waiting request (not cancelled), lists it as withdrawn for a minute, and answers nobody', async () => {
    const { q, records, advance } = queue();
    const gone = new AbortController();
    const waiting = q.request(ask({ tool: 'press_key' }), gone.signal);
    const cancel = new AbortController();
    const cancelled = q.request(ask(), cancel.signal);
    gone.abort(new AgentGone('the agent disconnected before the answer'));
    cancel.abort();
    expect(await waiting.decision).toMatchObject({
      verdict: 'withdrawn',
      by: 'system',
      reason: 'the agent disconnected before the answer',
    });
    expect(await cancelled.decision).toMatchObject({ verdict: 'cancelled' });
    expect(q.list()).toEqual([]);
    expect(q.decide(waiting.request.id, true)).toBe(false);
    expect(q.withdrawn()).toEqual([
      {
        request: waiting.request,
        reason: 'the agent disconnected before the answer',
        withdrawn_at: expect.any(Number),
      },
    ]);
    expect(records.map((r) => r.decision.verdict)).toEqual(['withdrawn', 'cancelled']);
    advance(60_001);
    expect(q.withdrawn()).toEqual([]);
  });

  it('an agent already gone when it asks is withdrawn at once', async () => {
    const { q } = queue();
    const r = q.request(ask(), AbortSignal.abort(new AgentGone('gone')));
    expect(await r.decision).toMatchObject({ verdict: 'withdrawn', reason: 'gone' });
    expect(q.list()).toEqual([]);
  });
});
