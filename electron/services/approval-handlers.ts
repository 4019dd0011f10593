// The approvals channels of the contract over the main process's one ApprovalQueue (agents/approvals):
// the console lists what agents ask, decides, and sets each agent's policy; every change is an event.
import type { Handlers } from '../../shared/ipc';
import type { ApprovalsView } from '../../shared/approvals';
import type { ApprovalQueue } from '../../agents/approvals';
import type { EventHub } from './event-hub';

type ApprovalChannels = 'approvals.list' | 'approvals.decide' | 'approvals.set-policy' | 'approvals.stop-session';

export function approvalsView(queue: ApprovalQueue): ApprovalsView {
  return { requests: queue.list(), policies: queue.agentPolicies(), withdrawn: queue.withdrawn() };
}

export function approvalHandlers(queue: ApprovalQueue): Pick<Handlers, ApprovalChannels> {
  return {
    'approvals.list': async () => approvalsView(queue),
    'approvals.decide': async ({ id, approve, reason }) => ({ decided: queue.decide(id, approve, reason) }),
    'approvals.set-policy': async ({ agent, policy }) => queue.setPolicy(agent, policy),
    'approvals.stop-session': async ({ agent }) => queue.stopSession(agent),
  };
}

/** Announces every change of the queue as `approvals.changed`; returns the unsubscribe function. */
export function announceApprovals(queue: ApprovalQueue, events: EventHub): () => void {
  return queue.onChange(() => events.emit('approvals.changed', approvalsView(queue)));
}
