// The Agents part of the approvals panel: start an MCP server (Streamable HTTP) or the seed-003 bridge for the
// selected device on 127.0.0.1 (the kind and Start sit in the panel's one-line header, so they are there even
// while nothing waits), see each server's URL and, once, its token; stop it. Requests of these agents queue in
// the panel.
import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../shared/ipc';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';

type Server = ResponseOf<'agents.list'>['servers'][number];

export interface AgentServers {
  servers: Server[];
  kind: 'mcp' | 'bridge';
  setKind(kind: 'mcp' | 'bridge'): void;
  /** The token of the server just started, shown once. */
  shown: { id: string; token: string } | null;
  hide(): void;
  error: string | null;
  start(): Promise<void>;
  stop(id: string): Promise<void>;
}

export function useAgentServers(): AgentServers {
  const serial = useStore((s) => s.selectedSerial);
  const [servers, setServers] = useState<Server[]>([]);
  const [kind, setKind] = useState<'mcp' | 'bridge'>('mcp');
  const [shown, setShown] = useState<{ id: string; token: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    api()
      .request('agents.list', {})
      .then(
        (r) => setServers(r.servers),
        (e: unknown) => setError(errorText(e)),
      );
  useEffect(() => void refresh(), []);
  return {
    servers,
    kind,
    setKind,
    shown,
    error,
    hide: () => setShown(null),
    async start() {
      if (!serial) return setError('Select a device first.');
      try {
        const started = await api().request('agents.start', {
          kind,
          serial,
          port: 0,
          dialect: 'canonical',
          policy: 'ask',
        });
        setShown({ id: started.id, token: started.token });
        setError(null);
      } catch (e) {
        setError(errorText(e));
      }
      await refresh();
    },
    async stop(id) {
      await api()
        .request('agents.stop', { id })
        .catch((e: unknown) => setError(errorText(e)));
      if (shown?.id === id) setShown(null);
      await refresh();
    },
  };
}

export function AgentStart({ agents }: { agents: AgentServers }) {
  const serial = useStore((s) => s.selectedSerial);
  return (
    <span className="agent-start">
      <select
        value={agents.kind}
        onChange={(e) => agents.setKind(e.target.value as 'mcp' | 'bridge')}
        data-testid="agent-kind"
        aria-label="Agent server kind"
      >
        <option value="mcp">MCP (HTTP)</option>
        <option value="bridge">Bridge (seed 003)</option>
      </select>
      <button
        type="button"
        className="btn btn-small"
        data-testid="agent-start"
        disabled={!serial}
        onClick={() => void agents.start()}
        title="Start an agent server for this device (127.0.0.1)"
      >
        Start
      </button>
    </span>
  );
}

export function AgentServerList({ agents }: { agents: AgentServers }) {
  return (
    <div className="agent-servers" data-testid="agents">
      {agents.error && <div className="approval-error">{agents.error}</div>}
      <ul className="approvals-list">
        {agents.servers.map((s) => (
          <li key={s.id} className="agent-server" data-testid="agent-server" data-kind={s.kind}>
            <span className="mono">{s.kind}</span> <span className="mono dim">{s.url}</span>
            <button type="button" className="btn btn-small" onClick={() => void agents.stop(s.id)}>
              Stop
            </button>
            {agents.shown?.id === s.id && (
              <div className="mono agent-token" data-testid="agent-token">
                token (shown once): {agents.shown.token}{' '}
                <button type="button" className="btn btn-small" onClick={agents.hide}>
                  Hide
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
