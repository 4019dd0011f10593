// The MCP Streamable HTTP server's own rules, over a recording executor (no device): sessions are slots that an
// idle client loses and a closing client frees at once, the full server says when a slot frees, Host and Origin
// are checked (DNS rebinding), and a call whose client goes away is withdrawn from the owner's queue.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/receipts';
import { ApprovalQueue, type DecisionRecord } from '../approvals';
import { issueToken } from '../security/token';
import { MAX_SESSIONS, startMcpHttp, type McpHttpServer } from './http';

const issued = issueToken('tactile_mcp_');
const auth = { authorization: `Bearer ${issued.token}` };
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

const servers: McpHttpServer[] = [];
const clients: Client[] = [];
const queues: ApprovalQueue[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const q of queues.splice(0)) q.close();
});

function receipt(envelope: { tool: string; args: unknown }): Receipt {
  return {
    receipt_version: 1,
    operation_id: 'op',
    tool: envelope.tool,
    device_serial: 's',
    owner: { pid: 1, hostname: 'h', client: 'agent:x' },
    started_at: '2026-01-01T00:00:00.000Z',
    finished_at: '2026-01-01T00:00:00.010Z',
    duration_ms: 10,
    args: envelope.args,
    status: 'completed',
    code: null,
    message: null,
    path: null,
  } as Receipt;
}

async function serve(options: { sessionIdleMs?: number; policy?: 'ask' | 'session'; now?: () => number } = {}) {
  const decisions: DecisionRecord[] = [];
  const approvals = new ApprovalQueue({ defaultPolicy: options.policy ?? 'session', record: (r) => decisions.push(r) });
  queues.push(approvals);
  const runs: unknown[] = [];
  const executor = {
    run: async (envelope: unknown) => (runs.push(envelope), receipt(envelope as { tool: string; args: unknown })),
  };
  const http = await startMcpHttp({
    executor,
    approvals,
    serial: 's',
    dialect: 'canonical',
    port: 0,
    verifier: issued.verifier,
    ...options,
  });
  servers.push(http);
  return { http, approvals, decisions, runs };
}

/** A raw initialize: the session id, or the refusal. */
async function initialize(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth, ...headers },
    body: JSON.stringify(INIT),
  });
  const text = await res.text();
  return {
    status: res.status,
    session: res.headers.get('mcp-session-id'),
    retryAfter: res.headers.get('retry-after'),
    text,
  };
}

async function connect(url: string, name = 'client'): Promise<Client> {
  const client = new Client({ name, version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: auth } }));
  clients.push(client);
  return client;
}

/** Polls `check` until it holds or `ms` pass (never a fixed wait before an assertion). */
async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A request with a Host header of our choosing (fetch does not let a caller set Host). */
function withHost(url: string, host: string, headers: Record<string, string> = {}): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...auth,
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.once('error', reject);
    req.end(JSON.stringify(INIT));
  });
}

describe('MCP HTTP sessions', () => {
  it('40 idle clients: 32 get sessions, the rest a 503 saying when a slot frees; past the idle time a new client is served', async () => {
    // The sessions' clock stands still while they open (however slow the machine), then jumps.
    let clock = 1_000_000;
    const { http } = await serve({ sessionIdleMs: 600_000, now: () => clock });
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await initialize(http.url));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_SESSIONS);
    const full = answers.filter((a) => a.status === 503);
    expect(full).toHaveLength(40 - MAX_SESSIONS);
    expect(full[0]!.retryAfter).toBe('600');
    expect(JSON.parse(full[0]!.text).error.message).toBe(
      'too many MCP sessions (32 open): the session idle longest is closed in 600 s (sessions close after 600 s without a request, or when their client sends DELETE)',
    );
    clock += 400_000;
    expect((await initialize(http.url)).retryAfter).toBe('200');
    clock += 200_000;
    const client = await connect(http.url, 'late');
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(http.sessions()).toBe(1);
  });

  it('closes an idle session on its own when its time comes', async () => {
    const { http } = await serve({ sessionIdleMs: 200 });
    const { session } = await initialize(http.url);
    expect(http.sessions()).toBe(1);
    await until(() => http.sessions() === 0);
    const stale = await fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...auth,
        'mcp-session-id': session!,
      },
      body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
    });
    expect(stale.status).toBe(404);
  });

  it('a client that closes its session (DELETE) frees its slot at once', async () => {
    const { http } = await serve();
    const ids: string[] = [];
    for (let i = 0; i < MAX_SESSIONS; i++) ids.push((await initialize(http.url)).session!);
    expect((await initialize(http.url)).status).toBe(503);
    const del = await fetch(http.url, { method: 'DELETE', headers: { ...auth, 'mcp-session-id': ids[0]! } });
    expect(del.status).toBe(200);
    expect(http.sessions()).toBe(MAX_SESSIONS - 1);
    expect((await initialize(http.url)).status).toBe(200);
    // The closed session is gone: its id is unknown now.
    const stale = await fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...auth,
        'mcp-session-id': ids[0]!,
      },
      body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
    });
    expect(stale.status).toBe(404);
  });

  it('a session whose call is still running is not idle; one used again is kept', async () => {
    const { http, approvals } = await serve({ sessionIdleMs: 300, policy: 'ask' });
    const client = await connect(http.url, 'patient');
    const calling = client.callTool({ name: 'press_key', arguments: { key: 'home' } });
    await until(() => approvals.list().length === 1);
    // Well past the idle time while the owner decides: the session stays.
    const asked = Date.now();
    await until(() => Date.now() - asked > 1200);
    expect(http.sessions()).toBe(1);
    approvals.decide(approvals.list()[0]!.id, true);
    expect((await calling).structuredContent).toMatchObject({ ok: true });
  });
});

describe('MCP HTTP Host and Origin (DNS rebinding)', () => {
  it('refuses a foreign Host or Origin with 403 before the token is looked at; loopback pages and non-browser clients pass', async () => {
    const { http } = await serve();
    const port = new URL(http.url).port;
    expect(await withHost(http.url, `evil.example:${port}`)).toBe(403);
    expect(await withHost(http.url, `127.0.0.1:${Number(port) + 1}`)).toBe(403);
    expect(await withHost(http.url, `localhost:${port}`)).toBe(200);
    expect(await withHost(http.url, `127.0.0.1:${port}`, { origin: 'http://evil.example' })).toBe(403);
    expect(await withHost(http.url, `127.0.0.1:${port}`, { origin: 'null' })).toBe(403);
    expect((await initialize(http.url, { origin: 'http://evil.example:80' })).status).toBe(403);
    expect((await initialize(http.url, { origin: 'http://localhost:6274' })).status).toBe(200);
    expect((await initialize(http.url)).status).toBe(200);
  });
});

describe('MCP HTTP: a client that goes away', () => {
  it('has its waiting call withdrawn from the owner’s queue (never approved for nobody)', async () => {
    const { http, approvals, decisions, runs } = await serve({ policy: 'ask' });
    const client = await connect(http.url, 'leaver');
    void client.callTool({ name: 'press_key', arguments: { key: 'back' } }).catch(() => undefined);
    await until(() => approvals.list().length === 1);
    const id = approvals.list()[0]!.id;
    // The client process dies: its connections drop without a cancel or a DELETE.
    await client.close();
    await until(() => approvals.list().length === 0);
    expect(approvals.withdrawn()).toMatchObject([
      { request: { id, tool: 'press_key', agent: 'leaver' }, reason: expect.stringContaining('disconnected') },
    ]);
    expect(decisions.at(-1)).toMatchObject({ request: { id }, decision: { verdict: 'withdrawn', by: 'system' } });
    expect(approvals.decide(id, true)).toBe(false);
    expect(runs).toEqual([]);
  });

  it('has its waiting calls withdrawn when its session is closed', async () => {
    const { http, approvals, decisions } = await serve({ policy: 'ask' });
    const client = new Client({ name: 'ender', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: auth } });
    await client.connect(transport);
    clients.push(client);
    void client.callTool({ name: 'press_key', arguments: { key: 'home' } }).catch(() => undefined);
    await until(() => approvals.list().length === 1);
    await transport.terminateSession();
    await until(() => approvals.list().length === 0);
    expect(decisions.at(-1)).toMatchObject({ decision: { verdict: 'withdrawn', reason: 'the MCP session ended' } });
  });
});
