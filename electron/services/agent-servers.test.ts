import { describe, expect, it } from 'vitest';
import { REQUESTS } from '../../shared/ipc';
import { ApprovalQueue } from '../../agents/approvals';
import { agentHandlers, AgentServers } from './agent-servers';
import type { ExecutorPort } from './executor-port';

const executor: ExecutorPort = {
  run: async () => {
    throw new Error('not in this test');
  },
  capabilities: async () => ({ backend: null, tools: [], capabilities: [] }),
  cancel: () => false,
  occlusion: async () => {
    throw new Error('not in this test');
  },
};

describe('agent servers started from the console', () => {
  it('starts MCP and the bridge on loopback with a token shown once, lists and stops them', async () => {
    const queue = new ApprovalQueue();
    const h = agentHandlers(new AgentServers(executor, queue));
    const mcp = REQUESTS['agents.start'].response.parse(
      await h['agents.start']({ kind: 'mcp', serial: 's', port: 0, dialect: 'canonical', policy: 'ask' }),
    );
    const bridge = await h['agents.start']({
      kind: 'bridge',
      serial: 's',
      port: 0,
      dialect: 'canonical',
      policy: 'ask',
    });
    expect(mcp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect((await fetch(mcp.url, { method: 'POST' })).status).toBe(401);
    const device = await fetch(`${bridge.url}/api/agent/device`, {
      headers: { authorization: `Bearer ${bridge.token}` },
    });
    expect(await device.json()).toMatchObject({ localApprovalRequired: true });
    const listed = REQUESTS['agents.list'].response.parse(await h['agents.list']({}));
    expect(listed.servers.map((s) => s.kind).sort()).toEqual(['bridge', 'mcp']);
    expect(JSON.stringify(listed)).not.toContain(mcp.token);
    expect(await h['agents.stop']({ id: mcp.id })).toEqual({ stopped: true });
    expect(await h['agents.stop']({ id: bridge.id })).toEqual({ stopped: true });
    expect(await h['agents.stop']({ id: bridge.id })).toEqual({ stopped: false });
    expect((await h['agents.list']({})).servers).toEqual([]);
    queue.close();
  });
});
