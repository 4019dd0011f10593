// The Agents part of the approvals panel: start an MCP server (Streamable HTTP) or the seed-003 bridge for the
// selected device on 127.0.0.1, see its URL and, once, its token; stop it. Requests of these agents queue above.
import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../shared/ipc';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';

type Server = ResponseOf<'agents.list'>['servers'][number];

export function AgentServersPanel() {
  const serial = useStore((s) => s.selectedSerial);
  const [servers, setServers] = useState<Server[]>([]);
  const [kind, setKind] = useState<'mcp' | 'bridge'>('mcp');
  const [shown, setShown] = useState<{ id: string; token: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => api().request('agents.list', {}).then((r) => setServers(r.servers), (e: unknown) => setError(errorText(e)));
  useEffect(() => void refresh(), []);

  const start = async () => {
    if (!serial) return setError('Select a device first.');
    try {
      const started = await api().request('agents.start', { kind, serial, port: 0, dialect: 'canonical', policy: 'ask' });
      setShown({ id: started.id, token: started.token });
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
    await refresh();
  };
  const stop = async (id: string) => {
    await api().request('agents.stop', { id }).catch((e: unknown) => setError(errorText(e)));
    if (shown?.id === id) setShown(null);
    await refresh();
  };

  return (
    <div className="agent-servers" data-testid="agents">
      <div className="agent-start">
        <select value={kind} onChange={(e) => setKind(e.target.value as 'mcp' | 'bridge')} data-testid="agent-kind">
          <option value="mcp">MCP (HTTP)</option>
          <option value="bridge">Bridge (seed 003)</option>
        </select>
        <button type="button" data-testid="agent-start" disabled={!serial} onClick={() => void start()}>Start for this device</button>
      </div>
      {error && <div className="approval-error">{error}</div>}
      <ul className="approvals-list">
        {servers.map((s) => (
          <li key={s.id} className="agent-server" data-testid="agent-server" data-kind={s.kind}>
            <span className="mono">{s.kind}</span> <span className="mono dim">{s.url}</span>
            <button type="button" onClick={() => void stop(s.id)}>Stop</button>
            {shown?.id === s.id && (
              <div className="mono agent-token" data-testid="agent-token">
                token (shown once): {shown.token} <button type="button" onClick={() => setShown(null)}>Hide</button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
