// Agent servers the owner starts from the console's Agents panel: MCP over Streamable HTTP or the seed-003
// bridge, on loopback, over the console's own executor and approval queue, so their requests appear in the
// console's approvals panel. The token is returned once to the owner and kept only hashed.
import { randomUUID } from 'node:crypto';
import { IpcError, type Handlers } from '../../shared/ipc';
import type { ApprovalQueue } from '../../agents/approvals';
import { deviceIdOf, startBridge, type BridgeServer } from '../../agents/bridge003/server';
import { startMcpHttp, type McpHttpServer } from '../../agents/mcp/http';
import { issueToken } from '../../agents/security/token';
import type { ExecutorPort } from './executor-port';

type AgentChannels = 'agents.list' | 'agents.start' | 'agents.stop';

interface Running {
  id: string;
  kind: 'mcp' | 'bridge';
  serial: string;
  server: McpHttpServer | BridgeServer;
}

export class AgentServers {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly executor: ExecutorPort,
    private readonly approvals: ApprovalQueue,
  ) {}

  list() {
    return [...this.running.values()].map((r) => ({
      id: r.id,
      kind: r.kind,
      serial: r.serial,
      url: r.server.url,
      session_until: r.kind === 'bridge' ? (r.server as BridgeServer).sessionUntil() : null,
    }));
  }

  async start(
    kind: 'mcp' | 'bridge',
    serial: string,
    port: number,
    dialect: 'canonical' | 'agent',
    policy: 'ask' | 'session',
  ) {
    const common = { executor: this.executor, approvals: this.approvals, serial, port };
    if (kind === 'mcp') {
      const issued = issueToken('tactile_mcp_');
      const server = await startMcpHttp({ ...common, dialect, verifier: issued.verifier });
      return this.keep(kind, serial, server, issued.token);
    }
    const issued = issueToken(`tactile_bridge_${deviceIdOf(serial)}_`);
    const server = await startBridge({ ...common, deviceName: serial, verifier: issued.verifier, policy });
    return this.keep(kind, serial, server, issued.token);
  }

  async stop(id: string): Promise<boolean> {
    const r = this.running.get(id);
    if (!r) return false;
    this.running.delete(id);
    await r.server.close();
    return true;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }

  private keep(kind: Running['kind'], serial: string, server: Running['server'], token: string) {
    const id = randomUUID();
    this.running.set(id, { id, kind, serial, server });
    return { id, url: server.url, token };
  }
}

/** `servers` null: this host offers no agent servers (only the console's services start them). */
export function agentHandlers(servers: AgentServers | null): Pick<Handlers, AgentChannels> {
  return {
    'agents.list': async () => ({ servers: servers?.list() ?? [] }),
    'agents.start': async ({ kind, serial, port, dialect, policy }) => {
      if (!servers)
        throw new IpcError({ code: 'UNAVAILABLE', path: '', message: 'agent servers are started by the console only' });
      return servers.start(kind, serial, port, dialect, policy);
    },
    'agents.stop': async ({ id }) => ({ stopped: (await servers?.stop(id)) ?? false }),
  };
}
