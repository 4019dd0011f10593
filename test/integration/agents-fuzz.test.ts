// A bounded fuzz of both agent servers: thousands of malformed requests (HTTP noise, bad tokens, bad JSON-RPC,
// tool calls whose arguments do not parse, seed-003 commands that break the OpenAPI). Neither server crashes,
// every answer is one the contract allows, no device is ever opened (nothing dispatched) and the owner is never
// asked (nothing approved). The executor is the real one; its device links record any attempt to reach a device.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../../shared/actions';
import { validateToolCall } from '../../shared/validation';
import { ApprovalQueue, type DecisionRecord } from '../../agents/approvals';
import { CommandBodySchema, IDEMPOTENCY_KEY } from '../../agents/bridge003/schemas';
import { startBridge, type BridgeServer } from '../../agents/bridge003/server';
import { startMcpHttp, type McpHttpServer } from '../../agents/mcp/http';
import { issueToken } from '../../agents/security/token';
import { DeviceLocks } from '../../electron/device/lock';
import { createExecutor, type DeviceLinks } from '../../electron/executor';
import { checkResponse, templateOf } from '../support/seed003';

let dir: string;
let opened = 0;
const decisions: DecisionRecord[] = [];
let approvals: ApprovalQueue;
let mcp: McpHttpServer;
let bridge: BridgeServer;
const token = issueToken('tactile_fuzz_');
const links: DeviceLinks = {
  open: async () => {
    opened++;
    throw new Error('the fuzz must never reach a device');
  },
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-agents-fuzz-'));
  const executor = createExecutor({
    links,
    locks: new DeviceLocks({ dir: join(dir, 'locks') }),
    journal: { append: () => undefined },
  });
  approvals = new ApprovalQueue({ record: (r) => decisions.push(r) });
  mcp = await startMcpHttp({
    executor,
    approvals,
    serial: 'fuzz-device',
    dialect: 'canonical',
    port: 0,
    verifier: token.verifier,
  });
  bridge = await startBridge({
    executor,
    approvals,
    serial: 'fuzz-device',
    deviceName: 'fuzz',
    verifier: token.verifier,
    policy: 'ask',
    port: 0,
  });
});

afterAll(async () => {
  await mcp?.close();
  await bridge?.close();
  approvals?.close();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 }); // the last after-evidence may still land
});

const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');
const auth = fc.oneof(
  fc.constant(undefined),
  fc.constant(`Bearer ${token.token}`),
  fc.constant(`Bearer ${token.token}x`),
  fc.constant(`bearer ${token.token}`),
  fc.string({ maxLength: 40 }).map((s) => `Bearer ${s}`),
  fc.string({ maxLength: 600 }),
);
const rawBody = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.json({ maxDepth: 3 }),
  fc.constant('{"jsonrpc":"2.0"'),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: v })),
  fc.integer({ min: 0, max: 400_000 }).map((n) => 'x'.repeat(n)),
);

async function send(url: string, m: string, headers: Record<string, string | undefined>, body: string | undefined) {
  const h = Object.fromEntries(
    Object.entries(headers).filter(([, v]) => v !== undefined && /^[\t\x20-\x7e]*$/.test(v)),
  ) as Record<string, string>;
  const res = await fetch(url, {
    method: m,
    headers: h,
    ...(body !== undefined && m !== 'GET' && m !== 'HEAD' && { body }),
  }).catch((e: Error) => e);
  if (res instanceof Error) return { status: 0, text: res.message };
  return { status: res.status, text: await res.text() };
}

describe('fuzz: MCP over HTTP', () => {
  it('answers 1,500 malformed HTTP requests with a 4xx, never a crash', async () => {
    const paths = fc.oneof(
      fc.constant('/mcp'),
      fc.constant('/'),
      fc.constant('/mcp/x'),
      fc.string({ maxLength: 20 }).map((s) => '/' + encodeURIComponent(s)),
    );
    await fc.assert(
      fc.asyncProperty(
        method,
        paths,
        auth,
        rawBody,
        fc.option(fc.uuid(), { nil: undefined }),
        async (m, p, a, b, sid) => {
          const r = await send(
            mcp.url.replace('/mcp', '') + p,
            m,
            {
              authorization: a,
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              'mcp-session-id': sid,
            },
            b,
          );
          expect(r.status, r.text).toBeGreaterThanOrEqual(400);
          expect(r.status, r.text).toBeLessThan(500);
        },
      ),
      { numRuns: 1500 },
    );
    expect(opened).toBe(0);
    expect(decisions).toEqual([]);
  }, 300_000);

  it('refuses 1,500 tool calls whose arguments do not parse without asking the owner or touching the device', async () => {
    // The SDK client's fetches share one AbortSignal whose listeners undici frees only on GC: a fresh client
    // every 500 calls keeps the test's own side under Node's listener warning.
    const connect = async () => {
      const c = new Client({ name: 'fuzzer', version: '1' });
      await c.connect(
        new StreamableHTTPClientTransport(new URL(mcp.url), {
          requestInit: { headers: { authorization: `Bearer ${token.token}` } },
        }),
      );
      return c;
    };
    let client = await connect();
    let calls = 0;
    const call = fc
      .record({
        name: fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.string({ maxLength: 12 })),
        args: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
      })
      .filter(({ name, args }) => !validateToolCall({ tool: name, args }).ok);
    try {
      await fc.assert(
        fc.asyncProperty(call, async ({ name, args }) => {
          if (++calls % 500 === 0) {
            await client.close();
            client = await connect();
          }
          const r = await client.callTool({ name, arguments: args });
          expect(r.isError).toBe(true);
          const result = r.structuredContent as {
            ok: boolean;
            code: string;
            metadata: { receipt?: { status: string } };
          };
          expect(result.ok).toBe(false);
          expect(['INVALID_ARGS', 'UNSUPPORTED']).toContain(result.code);
          expect(result.metadata.receipt?.status ?? 'not_started').toBe('not_started');
        }),
        { numRuns: 1500 },
      );
    } finally {
      await client.close();
    }
    expect(opened).toBe(0);
    expect(decisions).toEqual([]);
    expect(approvals.list()).toEqual([]);
  }, 300_000);
});

describe('fuzz: seed-003 bridge', () => {
  it('answers 3,000 malformed requests as the seed allows; nothing queued, approved or dispatched', async () => {
    const paths = fc.oneof(
      fc.constantFrom(
        '/api/agent/device',
        '/api/agent/commands',
        '/api/agent/stop',
        '/api/agent/commands/x',
        '/api/agent',
        '/',
        '/api/agent/commands/a/b',
      ),
      fc.string({ maxLength: 20 }).map((s) => '/api/agent/commands/' + encodeURIComponent(s || 'id')),
    );
    const key = fc.oneof(fc.constant(undefined), fc.stringMatching(IDEMPOTENCY_KEY), fc.string({ maxLength: 120 }));
    const body = fc.oneof(
      rawBody,
      fc
        .record({
          action: fc.constantFrom('tap', 'observe', 'swipe', 'input_text', 'back', 'home', 'shell'),
          reason: fc.string({ maxLength: 3 }),
          payload: fc.jsonValue({ maxDepth: 2 }),
        })
        .map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(method, paths, auth, key, body, async (m, p, a, k, b) => {
        // Only malformed commands: a well-formed authorized one would rightly be queued.
        let parsed: unknown = undefined;
        try {
          parsed = JSON.parse(b);
        } catch {
          /* not JSON: malformed */
        }
        const wellFormed =
          m === 'POST' &&
          p === '/api/agent/commands' &&
          a === `Bearer ${token.token}` &&
          typeof k === 'string' &&
          IDEMPOTENCY_KEY.test(k) &&
          CommandBodySchema.safeParse(parsed).success;
        const authorized = a === `Bearer ${token.token}`;
        // Stop and the status read are legitimate whatever the body: only the rest is malformed.
        fc.pre(
          !wellFormed &&
            !(authorized && ((m === 'POST' && p === '/api/agent/stop') || (m === 'GET' && p === '/api/agent/device'))),
        );
        const r = await send(
          bridge.url + p,
          m,
          { authorization: a, 'idempotency-key': k, 'content-type': 'application/json' },
          b,
        );
        expect(r.status, r.text).toBeGreaterThanOrEqual(400);
        expect(r.status, r.text).toBeLessThan(500);
        const declared = [
          '/api/agent/device',
          '/api/agent/commands',
          '/api/agent/stop',
          '/api/agent/commands/{id}',
        ].includes(templateOf(p));
        const seedMethod = {
          '/api/agent/device': 'GET',
          '/api/agent/commands': 'POST',
          '/api/agent/stop': 'POST',
          '/api/agent/commands/{id}': 'GET',
        }[templateOf(p)];
        if (declared && m === seedMethod) checkResponse(m, p, r.status, JSON.parse(r.text));
      }),
      { numRuns: 3000 },
    );
    expect(opened).toBe(0);
    expect(decisions).toEqual([]);
    expect(approvals.list()).toEqual([]);
    expect(bridge.sessionUntil()).toBeGreaterThan(Date.now());
  }, 300_000);
});
