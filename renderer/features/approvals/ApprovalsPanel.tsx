// What agents ask the owner: each pending request with the agent, the tool, its arguments in words, the agent's
// stated reason (shown as a claim, never as an instruction) and its time left; Approve / Reject with a reason
// that goes back to the agent. A request whose agent went away (disconnected, session ended) is shown as withdrawn
// for a minute, with nothing to approve. Below, each agent's policy, with a session's countdown and a Stop button,
// and the agent servers started here. With nothing waiting (and nothing withdrawn within the minute) the panel is
// one line — its title, the count and the agent server's kind and Start — and it opens by itself when a request
// arrives (the title bar flashes too: use-approval-flash.ts), or when the operator opens it.
import { useState } from 'react';
import {
  WITHDRAWN_SHOWN_MS,
  type AgentPolicyView,
  type ApprovalRequest,
  type WithdrawnRequest,
} from '../../../shared/approvals';
import { useStore } from '../../app/store';
import { AgentServerList, AgentStart, useAgentServers } from './AgentServersPanel';
import { useApprovalStagePlan } from './approval-stage-plan';
import { decide, setPolicy, stopSession, useApprovals } from './approvals-store';
import { planPreview } from './plan-preview';
import './approvals.css';

// The panel ticks once a second, so `now` may trail a request created since: never show more than its lifetime.
const secondsLeft = (until: number, now: number, from = now) =>
  Math.max(0, Math.ceil((until - Math.max(now, from)) / 1000));
const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

function RequestCard({ r, now, focused, focus }: { r: ApprovalRequest; now: number; focused: boolean; focus(): void }) {
  const [reason, setReason] = useState('');
  const serial = useStore((s) => s.selectedSerial);
  const screen = useStore((s) => s.observation?.screen ?? s.deviceInfo?.screen);
  const capabilities = useStore((s) => s.capabilities?.capabilities ?? null);
  const plan = planPreview(r, serial, screen, capabilities);
  return (
    <li
      className={`approval${focused ? ' focused' : ''}`}
      data-testid="approval-request"
      data-id={r.id}
      data-tool={r.tool}
      data-agent={r.agent}
      data-focused={focused}
      onClick={focus}
    >
      <div className="approval-head">
        <b className="mono">{r.agent}</b>
        <span className="dim">
          {' '}
          via {r.source} on {r.serial}
        </span>
        <span className="spacer" />
        <span className="mono dim" data-testid="approval-expires">
          {clock(secondsLeft(r.expires_at, now, r.created_at))}
        </span>
      </div>
      <div className="mono approval-summary" data-testid="approval-summary">
        {r.summary}
      </div>
      {plan && (
        <div className={`mono approval-plan ${plan.ok ? '' : 'refused'}`} data-testid="approval-plan" data-ok={plan.ok}>
          {plan.text}
        </div>
      )}
      {r.reason !== null && (
        <div className="approval-reason" data-testid="approval-reason">
          Agent says: “{r.reason}”
        </div>
      )}
      <div className="approval-actions">
        <button
          type="button"
          className="btn btn-small approve"
          data-testid="approve"
          onClick={() => void decide(r.id, true, null)}
        >
          Approve
        </button>
        <input
          className="input"
          data-testid="reject-reason"
          placeholder="reason (sent to the agent)"
          value={reason}
          maxLength={600}
          onChange={(e) => setReason(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-small reject"
          data-testid="reject"
          onClick={() => void decide(r.id, false, reason.trim() || null)}
        >
          Reject
        </button>
      </div>
    </li>
  );
}

function WithdrawnCard({ w }: { w: WithdrawnRequest }) {
  const r = w.request;
  return (
    <li
      className="approval withdrawn"
      data-testid="approval-withdrawn"
      data-id={r.id}
      data-tool={r.tool}
      data-agent={r.agent}
    >
      <div className="approval-head">
        <b className="mono">{r.agent}</b>
        <span className="dim">
          {' '}
          via {r.source} on {r.serial}
        </span>
        <span className="spacer" />
        <span className="approval-state">withdrawn</span>
      </div>
      <div className="mono approval-summary">{r.summary}</div>
      <div className="dim" data-testid="withdrawn-reason">
        {w.reason}: nothing to approve, nothing was sent.
      </div>
    </li>
  );
}

function PolicyRow({ p, now }: { p: AgentPolicyView; now: number }) {
  return (
    <li className="approval-policy" data-testid="approval-policy" data-agent={p.agent} data-policy={p.policy}>
      <span className="mono">{p.agent === '*' ? 'every other agent' : p.agent}</span>
      <select value={p.policy} onChange={(e) => void setPolicy(p.agent, e.target.value as AgentPolicyView['policy'])}>
        <option value="ask">ask</option>
        <option value="read-only">read-only</option>
        <option value="session">session (15 min)</option>
      </select>
      {p.session_until !== null && (
        <>
          <span className="mono" data-testid="session-countdown">
            {clock(secondsLeft(p.session_until, now))}
          </span>
          <button
            type="button"
            className="btn btn-small"
            data-testid="stop-session"
            onClick={() => void stopSession(p.agent)}
          >
            Stop
          </button>
        </>
      )}
    </li>
  );
}

export function ApprovalsPanel() {
  const { requests, policies, withdrawn, now, error } = useApprovals();
  const recent = withdrawn.filter((w) => now - w.withdrawn_at < WITHDRAWN_SHOWN_MS);
  const agents = useAgentServers();
  // The focused request's plan is drawn on the stage: the one clicked, else the oldest waiting.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const focused = requests.find((r) => r.id === focusedId) ?? requests[0] ?? null;
  useApprovalStagePlan(focused);
  const open =
    opened ||
    requests.length > 0 ||
    recent.length > 0 ||
    agents.shown !== null ||
    error !== null ||
    agents.error !== null;
  return (
    <section className={`panel approvals-panel${open ? ' open' : ''}`} data-testid="approvals" data-open={open}>
      <header className="panel-title approvals-head">
        <button
          type="button"
          className="approvals-toggle"
          data-testid="approvals-toggle"
          aria-expanded={open}
          onClick={() => setOpened(!open)}
          title={open ? 'Fold the approvals to this line' : 'Show the agents’ policies and servers'}
        >
          <span aria-hidden>{open ? '▾' : '▸'}</span> Approvals
        </button>
        <span className="count" data-testid="approvals-count">
          {requests.length}
        </span>
        <span className="spacer" />
        <AgentStart agents={agents} />
      </header>
      {open && (
        <div className="approvals-body">
          {error && <div className="approval-error">{error}</div>}
          <ul className="approvals-list">
            {requests.map((r) => (
              <RequestCard key={r.id} r={r} now={now} focused={r === focused} focus={() => setFocusedId(r.id)} />
            ))}
          </ul>
          {requests.length === 0 && <div className="empty">No agent is waiting for approval.</div>}
          {recent.length > 0 && (
            <ul className="approvals-list withdrawn-list">
              {recent.map((w) => (
                <WithdrawnCard key={w.request.id} w={w} />
              ))}
            </ul>
          )}
          <ul className="approval-policies">
            {policies.map((p) => (
              <PolicyRow key={p.agent} p={p} now={now} />
            ))}
          </ul>
          <AgentServerList agents={agents} />
        </div>
      )}
    </section>
  );
}
