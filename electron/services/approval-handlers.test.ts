import { describe, expect, it } from 'vitest';
import { EVENTS, REQUESTS } from '../../shared/ipc';
import { ApprovalQueue } from '../../agents/approvals';
import { announceApprovals, approvalHandlers } from './approval-handlers';
import { EventHub } from './event-hub';

describe('approvals channels', () => {
  it('list, decide and set policies through the contract, announcing each change', async () => {
    const queue = new ApprovalQueue();
    const events = new EventHub();
    const seen: unknown[] = [];
    events.onAny(
      (channel, payload) => channel === 'approvals.changed' && seen.push(EVENTS['approvals.changed'].parse(payload)),
    );
    const off = announceApprovals(queue, events);
    const h = approvalHandlers(queue);
    const asked = queue.request({
      agent: 'claude',
      source: 'mcp',
      serial: 's',
      tool: 'click',
      args: { target: [1, 2] },
      summary: 'click: target=[1,2]',
      reason: 'the OK button',
      read_only: false,
    });
    const list = REQUESTS['approvals.list'].response.parse(await h['approvals.list']({}));
    expect(list.requests).toHaveLength(1);
    expect(list.requests[0]).toMatchObject({ agent: 'claude', tool: 'click', reason: 'the OK button' });
    const request = REQUESTS['approvals.decide'].request.parse({
      id: asked.request.id,
      approve: false,
      reason: 'not that one',
    });
    expect(await h['approvals.decide'](request)).toEqual({ decided: true });
    expect(await asked.decision).toMatchObject({ verdict: 'rejected', reason: 'not that one' });
    expect(await h['approvals.decide'](request)).toEqual({ decided: false });
    expect(
      REQUESTS['approvals.set-policy'].response.parse(
        await h['approvals.set-policy']({ agent: 'claude', policy: 'session' }),
      ),
    ).toMatchObject({ policy: 'session' });
    expect(await h['approvals.stop-session']({ agent: 'claude' })).toMatchObject({
      policy: 'ask',
      session_until: null,
    });
    expect(REQUESTS['approvals.decide'].request.safeParse({ id: 'x', approve: 'yes', reason: null }).success).toBe(
      false,
    );
    off();
    expect(seen.length).toBeGreaterThanOrEqual(4);
    queue.close();
  });
});
