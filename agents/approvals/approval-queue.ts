// The approval queue: a main-process service every agent front end (MCP, the seed-003 bridge) asks before it
// runs anything. A request is decided by the agent's policy (read-only reads, an open session) or waits for the
// owner, who approves or rejects it at the console; unanswered requests expire after 120 s. The caller's wait
// ends with exactly one Decision, and every decision is journaled. A request whose agent went away (the signal
// aborted with AgentGone) is withdrawn: it leaves the queue and is listed as withdrawn for a minute, so the
// owner never approves a call nobody is waiting for.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { DecisionSink } from './decision-journal';
import type { ApprovalInbox } from './inbox';
import {
  APPROVAL_EXPIRY_MS,
  SESSION_MS,
  WITHDRAWN_SHOWN_MS,
  type AgentPolicyView,
  type ApprovalPolicy,
  type ApprovalRequest,
  type Decision,
  type WithdrawnRequest,
} from './types';

/** The abort reason of a caller whose agent went away (disconnected, session closed): its request is withdrawn. */
export class AgentGone extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentGone';
  }
}

export interface ApprovalQueueOptions {
  /** Policy of agents the owner has not configured individually (`--approve`); default ask. */
  defaultPolicy?: ApprovalPolicy;
  record?: DecisionSink;
  now?: () => number;
  expiryMs?: number;
  sessionMs?: number;
  /**
   * The cross-process inbox. `publish` (a standalone `tactile mcp`/`bridge`): requests that wait for the owner
   * are posted there and answered by the console. Without it (the console): the inbox's requests are listed
   * with this queue's own and answered through it.
   */
  inbox?: { inbox: ApprovalInbox; publish: boolean; pollMs?: number };
}

export type NewRequest = Omit<ApprovalRequest, 'id' | 'created_at' | 'expires_at'>;

interface Pending {
  request: ApprovalRequest;
  settle: (d: Decision) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Polls the inbox for the console's answer (publishing queues only). */
  poll: ReturnType<typeof setInterval> | null;
}

interface AgentPolicy {
  policy: ApprovalPolicy;
  sessionUntil: number | null;
}

const MAX_WITHDRAWN_SHOWN = 50;

/** `*` stands for every agent without a policy of its own. */
export const ANY_AGENT = '*';

export class ApprovalQueue {
  private readonly pending = new Map<string, Pending>();
  private readonly policies = new Map<string, AgentPolicy>();
  private readonly emitter = new EventEmitter();
  private readonly now: () => number;
  private readonly expiryMs: number;
  private readonly sessionMs: number;
  private readonly record: DecisionSink;
  private readonly inbox: ApprovalQueueOptions['inbox'];
  private remoteSeen = '';
  /** This queue's withdrawn requests, newest first, kept WITHDRAWN_SHOWN_MS. */
  private withdrawnHere: WithdrawnRequest[] = [];
  private readonly remoteWatch: ReturnType<typeof setInterval> | null = null;

  constructor(options: ApprovalQueueOptions = {}) {
    this.now = options.now ?? Date.now;
    this.expiryMs = options.expiryMs ?? APPROVAL_EXPIRY_MS;
    this.sessionMs = options.sessionMs ?? SESSION_MS;
    this.record = options.record ?? (() => undefined);
    this.inbox = options.inbox;
    this.setPolicy(ANY_AGENT, options.defaultPolicy ?? 'ask');
    if (this.inbox && !this.inbox.publish) {
      // The console notices requests of other processes appearing and going.
      this.remoteWatch = setInterval(() => this.watchRemote(), this.inbox.pollMs ?? 500);
      this.remoteWatch.unref?.();
    }
  }

  private remote(): ApprovalRequest[] {
    if (!this.inbox || this.inbox.publish) return [];
    return this.inbox.inbox.pending(this.now()).filter((r) => !this.pending.has(r.id));
  }

  private remoteWithdrawn(): WithdrawnRequest[] {
    if (!this.inbox || this.inbox.publish) return [];
    return this.inbox.inbox.withdrawnSince(this.now(), WITHDRAWN_SHOWN_MS);
  }

  private watchRemote(): void {
    const seen = [...this.remote().map((r) => r.id), '|', ...this.remoteWithdrawn().map((w) => w.request.id)].join(',');
    if (seen === this.remoteSeen) return;
    this.remoteSeen = seen;
    this.changed();
  }

  /** Sets an agent's policy; `session` opens a session of at most 15 minutes from now. */
  setPolicy(agent: string, policy: ApprovalPolicy): AgentPolicyView {
    this.policies.set(agent, { policy, sessionUntil: policy === 'session' ? this.now() + this.sessionMs : null });
    this.changed();
    return this.policyOf(agent);
  }

  /** Ends an open session: the agent is back to asking. */
  stopSession(agent: string): AgentPolicyView {
    const own = this.policies.get(agent);
    if (own?.policy === 'session') this.policies.set(agent, { policy: 'ask', sessionUntil: null });
    this.changed();
    return this.policyOf(agent);
  }

  policyOf(agent: string): AgentPolicyView {
    const p = this.policies.get(agent) ?? this.policies.get(ANY_AGENT)!;
    // A session past its end is over: the agent asks again.
    if (p.policy === 'session' && p.sessionUntil !== null && this.now() >= p.sessionUntil)
      return { agent, policy: 'ask', session_until: null };
    return { agent, policy: p.policy, session_until: p.sessionUntil };
  }

  agentPolicies(): AgentPolicyView[] {
    return [...this.policies.keys()].map((a) => this.policyOf(a));
  }

  /** Pending requests, oldest first. */
  list(): ApprovalRequest[] {
    this.sweep();
    return [...[...this.pending.values()].map((p) => p.request), ...this.remote()];
  }

  /** Requests withdrawn in the last WITHDRAWN_SHOWN_MS (this queue's and other processes'), newest first. */
  withdrawn(): WithdrawnRequest[] {
    const since = this.now() - WITHDRAWN_SHOWN_MS;
    this.withdrawnHere = this.withdrawnHere.filter((w) => w.withdrawn_at > since);
    return [...this.withdrawnHere, ...this.remoteWithdrawn()].sort((a, b) => b.withdrawn_at - a.withdrawn_at);
  }

  /**
   * Asks for approval. Resolves with the decision: at once when the policy decides, else when the owner does,
   * the request expires, or `signal` aborts (cancelled).
   */
  request(ask: NewRequest, signal?: AbortSignal): { request: ApprovalRequest; decision: Promise<Decision> } {
    const created = this.now();
    const request: ApprovalRequest = {
      ...ask,
      id: randomUUID(),
      created_at: created,
      expires_at: created + this.expiryMs,
    };
    const policy = this.policyOf(ask.agent);
    if (policy.policy === 'session' || (policy.policy === 'read-only' && ask.read_only)) {
      const decision: Decision = {
        verdict: 'approved',
        by: `policy:${policy.policy}`,
        reason: null,
        decided_at: created,
      };
      this.record({ request, decision });
      return { request, decision: Promise.resolve(decision) };
    }
    if (signal?.aborted) {
      const gone = signal.reason instanceof AgentGone;
      const decision: Decision = {
        verdict: gone ? 'withdrawn' : 'cancelled',
        by: 'system',
        reason: gone ? signal.reason.message : 'the agent cancelled the request',
        decided_at: created,
      };
      this.record({ request, decision });
      return { request, decision: Promise.resolve(decision) };
    }
    const decision = new Promise<Decision>((resolve) => {
      const onAbort = () =>
        signal?.reason instanceof AgentGone
          ? this.settle(request.id, 'withdrawn', 'system', signal.reason.message)
          : this.settle(request.id, 'cancelled', 'system', 'the agent cancelled the request');
      const timer = this.expiryTimer(request.id, this.expiryMs);
      const poll = this.inbox?.publish ? this.publish(request) : null;
      this.pending.set(request.id, {
        request,
        timer,
        poll,
        settle: (d) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(d);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    this.changed();
    return { request, decision };
  }

  /** The owner's answer. False when the request is no longer pending (decided, expired or unknown). */
  decide(id: string, approve: boolean, reason: string | null = null): boolean {
    this.sweep();
    const why = approve ? null : (reason ?? 'rejected by the owner');
    if (this.pending.has(id)) return this.settle(id, approve ? 'approved' : 'rejected', 'owner', why);
    // Another process's request: the answer goes through the inbox; that process journals the decision.
    if (!this.inbox || this.inbox.publish || !this.remote().some((r) => r.id === id)) return false;
    const answered = this.inbox.inbox.answer(id, { approve, reason: why });
    this.watchRemote();
    return answered;
  }

  /**
   * Expires a request when it is due by the queue's clock. A timer may fire a little before the wall clock
   * agrees (timers run on the monotonic clock), so an early one re-arms for the time left instead of
   * leaving the request pending forever.
   */
  private expiryTimer(id: string, ms: number): ReturnType<typeof setTimeout> {
    return setTimeout(
      () => {
        const p = this.pending.get(id);
        if (!p) return;
        const left = p.request.expires_at - this.now();
        if (left > 0) p.timer = this.expiryTimer(id, left);
        else this.settle(id, 'expired', 'system', 'no decision within 120 s');
      },
      Math.max(0, ms),
    );
  }

  /** Posts a waiting request to the inbox and polls for the console's answer. */
  private publish(request: ApprovalRequest): ReturnType<typeof setInterval> | null {
    const { inbox, pollMs } = this.inbox!;
    try {
      inbox.post(request);
    } catch {
      return null; // no inbox folder: the request can still expire or be cancelled here
    }
    return setInterval(() => {
      const answer = inbox.answerTo(request.id);
      if (answer)
        this.settle(
          request.id,
          answer.approve ? 'approved' : 'rejected',
          'owner',
          answer.approve ? null : (answer.reason ?? 'rejected by the owner'),
        );
    }, pollMs ?? 250);
  }

  /** Cancels every pending request of an agent (a stopped bridge session, a closed MCP session). */
  cancelAgent(agent: string, reason: string): number {
    const ids = [...this.pending.values()].filter((p) => p.request.agent === agent).map((p) => p.request.id);
    for (const id of ids) this.settle(id, 'cancelled', 'system', reason);
    return ids.length;
  }

  /** Expires what is past due by the queue's clock (a timer calls this; tests with their own clock too). */
  sweep(): void {
    const t = this.now();
    for (const p of [...this.pending.values()]) {
      if (t >= p.request.expires_at) this.settle(p.request.id, 'expired', 'system', 'no decision within 120 s');
    }
  }

  /** Subscribes to any change of the pending list or the policies; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.emitter.on('changed', listener);
    return () => this.emitter.off('changed', listener);
  }

  close(): void {
    if (this.remoteWatch) clearInterval(this.remoteWatch);
    for (const id of [...this.pending.keys()]) this.settle(id, 'cancelled', 'system', 'the approval queue closed');
  }

  private settle(id: string, verdict: Decision['verdict'], by: string, reason: string | null): boolean {
    const p = this.pending.get(id);
    if (!p) return false;
    this.pending.delete(id);
    clearTimeout(p.timer);
    const decision: Decision = { verdict, by, reason, decided_at: this.now() };
    const withdrawn =
      verdict === 'withdrawn'
        ? { request: p.request, reason: reason ?? 'the agent went away', withdrawn_at: decision.decided_at }
        : undefined;
    // Bounded: a publishing queue (no console here) never lists them, so nothing else would prune it.
    if (withdrawn) this.withdrawnHere = [withdrawn, ...this.withdrawnHere].slice(0, MAX_WITHDRAWN_SHOWN);
    if (p.poll) {
      clearInterval(p.poll);
      this.inbox?.inbox.withdraw(id, withdrawn);
    }
    this.record({ request: p.request, decision });
    p.settle(decision);
    this.changed();
    return true;
  }

  private changed(): void {
    this.emitter.emit('changed');
  }
}
