// The MCP server over Streamable HTTP with the owner asking (policy ask / read-only): the SDK client's calls
// wait in the approval queue with progress notifications; the owner approves one and rejects another, both
// answers reach the agent; unanswered requests expire; no token, no service.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalQueue, type DecisionRecord } from '../../agents/approvals';
import { startMcpHttp, type McpHttpServer } from '../../agents/mcp/http';
import { issueToken } from '../../agents/security/token';
import { labDump, startExecutorRig, type ExecutorRig } from '../support/executor-rig';

const LAB = 'com.tactile.lab';
let rig: ExecutorRig | undefined;
let http: McpHttpServer;
let approvals: ApprovalQueue;
const decisions: DecisionRecord[] = [];
const issued = issueToken('tactile_mcp_');
const clients: Client[] = [];

async function connect(name: string, token = issued.token): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

/** Resolves with the first pending request once the queue has one. */
function nextPending(): Promise<ReturnType<ApprovalQueue['list']>[number]> {
  return new Promise((resolve) => {
    const check = () => {
      const first = approvals.list()[0];
      if (first) {
        off();
        resolve(first);
      }
    };
    const off = approvals.onChange(check);
    check();
  });
}

beforeAll(async () => {
  rig = await startExecutorRig('tactile-mcp-http-');
  approvals = new ApprovalQueue({ defaultPolicy: 'ask', record: (r) => decisions.push(r), expiryMs: 120_000 });
  http = await startMcpHttp({
    executor: rig.executor,
    approvals,
    serial: rig.serial,
    dialect: 'canonical',
    port: 0,
    verifier: issued.verifier,
    noticeMs: 100,
  });
}, 60_000);

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await http?.close();
  approvals?.close();
  await rig?.stop();
});

describe('MCP over Streamable HTTP', () => {
  it('refuses requests without the bearer token (401) and paths other than /mcp (404)', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const post = (url: string, headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(init),
      });
    expect((await post(http.url, {})).status).toBe(401);
    expect((await post(http.url, { authorization: 'Bearer tactile_mcp_wrong' })).status).toBe(401);
    expect((await post(http.url, { authorization: `Bearer ${issued.token}x` })).status).toBe(401);
    expect((await post(http.url.replace('/mcp', '/other'), { authorization: `Bearer ${issued.token}` })).status).toBe(
      404,
    );
    await expect(connect('no-token', 'nope')).rejects.toThrow();
  });

  it('under ask, a click waits for the owner with progress notices; approved, it runs as agent:<client>', async () => {
    const client = await connect('claude-test');
    const before = (await labDump(rig!.adb, rig!.serial)).input_event_count;
    // Observing is asked too under ask.
    const observing = client.callTool({ name: 'observe_screen', arguments: { settle_ms: 0 } });
    const pendingObserve = await nextPending();
    expect(pendingObserve).toMatchObject({
      agent: 'claude-test',
      tool: 'observe_screen',
      read_only: true,
      source: 'mcp',
    });
    expect(approvals.decide(pendingObserve.id, true)).toBe(true);
    expect((await observing).structuredContent).toMatchObject({ ok: true, code: 'OK' });
    const progress: number[] = [];
    const calling = client.callTool({ name: 'click', arguments: { target: [500, 500] } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
      resetTimeoutOnProgress: true,
    });
    const pending = await nextPending();
    expect(pending).toMatchObject({
      agent: 'claude-test',
      tool: 'click',
      read_only: false,
      summary: expect.stringContaining('target=[500,500]'),
    });
    await expect.poll(() => progress.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect((await labDump(rig!.adb, rig!.serial)).input_event_count).toBe(before);
    expect(approvals.decide(pending.id, true)).toBe(true);
    const r = (await calling).structuredContent as {
      ok: boolean;
      code: string;
      metadata: { receipt: { owner: { client: string }; status: string }; approval: { verdict: string; by: string } };
    };
    expect(r.metadata.receipt.owner.client).toBe('agent:claude-test');
    expect(r.metadata.approval).toMatchObject({ verdict: 'approved', by: 'owner', request_id: pending.id });
    expect(r).toMatchObject({ ok: true, code: 'OK' });
    expect((await labDump(rig!.adb, rig!.serial)).input_event_count).toBeGreaterThan(before);
    expect(approvals.decide(pending.id, false)).toBe(false);
  });

  it('a rejected call returns the owner reason and sends nothing', async () => {
    const client = await connect('claude-test');
    const events = (await labDump(rig!.adb, rig!.serial)).input_event_count;
    const calling = client.callTool({ name: 'swipe', arguments: { start: [500, 800], end: [500, 300] } });
    const pending = await nextPending();
    approvals.decide(pending.id, false, 'not now, I am reading');
    const r = await calling;
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED',
      action: 'swipe',
      detail: 'APPROVAL_REJECTED',
      normalized_coordinates: [500, 800, 500, 300],
    });
    expect((r.structuredContent as { message: string }).message).toContain('not now, I am reading');
    expect((await labDump(rig!.adb, rig!.serial)).input_event_count).toBe(events);
    expect(decisions.at(-1)).toMatchObject({
      request: { id: pending.id, tool: 'swipe' },
      decision: { verdict: 'rejected', by: 'owner', reason: 'not now, I am reading' },
    });
  });

  it('read-only approves reads by policy and still asks for actions', async () => {
    approvals.setPolicy('reader', 'read-only');
    const client = await connect('reader');
    const read = await client.callTool({
      name: 'read_control',
      arguments: { selector: { resource_id: `${LAB}:id/seekbar` } },
    });
    expect(read.structuredContent).toMatchObject({ ok: true, metadata: { approval: { by: 'policy:read-only' } } });
    const calling = client.callTool({ name: 'press_key', arguments: { key: 'back' } });
    const pending = await nextPending();
    expect(pending.tool).toBe('press_key');
    approvals.decide(pending.id, false, 'no');
    expect((await calling).structuredContent).toMatchObject({ ok: false, detail: 'APPROVAL_REJECTED' });
  });

  it('a request nobody answers expires (TIMEOUT) and a cancelled call leaves the queue', async () => {
    const quick = new ApprovalQueue({ defaultPolicy: 'ask', expiryMs: 200 });
    // The cancel is judged on a queue whose requests do not expire meanwhile, however slow the machine.
    const patient = new ApprovalQueue({ defaultPolicy: 'ask' });
    const servers = await Promise.all(
      [quick, patient].map((q) =>
        startMcpHttp({
          executor: rig!.executor,
          approvals: q,
          serial: rig!.serial,
          dialect: 'canonical',
          port: 0,
          verifier: issued.verifier,
        }),
      ),
    );
    try {
      const [expiring, cancelling] = await Promise.all(
        servers.map(async (server) => {
          const client = new Client({ name: 'slow', version: '1' });
          await client.connect(
            new StreamableHTTPClientTransport(new URL(server.url), {
              requestInit: { headers: { authorization: `Bearer ${issued.token}` } },
            }),
          );
          clients.push(client);
          return client;
        }),
      );
      const r = await expiring!.callTool({ name: 'press_key', arguments: { key: 'home' } });
      expect(r.structuredContent).toMatchObject({ ok: false, code: 'TIMEOUT', detail: 'APPROVAL_EXPIRED' });
      const abort = new AbortController();
      const calling = cancelling!
        .callTool({ name: 'press_key', arguments: { key: 'home' } }, undefined, { signal: abort.signal })
        .catch((e: Error) => e);
      await expect.poll(() => patient.list().length, { timeout: 20_000 }).toBe(1);
      abort.abort();
      expect(await calling).toBeInstanceOf(Error);
      await expect.poll(() => patient.list().length, { timeout: 20_000 }).toBe(0);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      quick.close();
      patient.close();
    }
  });
});
