// The owner-approved bridge of seed 003 on loopback: exactly its four paths. Every command waits in the console's
// approval queue (or the owner's session policy) and then runs through the executor under the device lock.
// The session is the owner's: opened for 15 minutes when the bridge starts, ended by stop, never by an agent.
// A request whose Host does not name this server is 403 before anything else (DNS rebinding: a page on a name
// made to resolve to 127.0.0.1 would otherwise reach the bridge; the token is then the only protection).
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runIdFor } from '../../shared/receipts/run';
import { SESSION_MS, describeCall, type ApprovalQueue } from '../approvals';
import type { AgentExecutor } from '../mcp/call-tool';
import { BodyTooLarge, MAX_HEADER_BYTES, readBody } from '../security/limits';
import { hostAllowed } from '../security/origin';
import type { TokenVerifier } from '../security/token';
import { BRIDGE_AGENT, canonicalCall, runCommand } from './actions';
import { CommandStore, view, type StoredCommand } from './command-store';
import { CommandBodySchema, IDEMPOTENCY_KEY } from './schemas';

export const BRIDGE_MAX_BODY = 16 * 1024;

export interface BridgeOptions {
  executor: AgentExecutor;
  approvals: ApprovalQueue;
  serial: string;
  deviceName: string;
  verifier: TokenVerifier;
  policy: 'ask' | 'session';
  port: number;
  host?: string;
  now?: () => number;
}

export interface BridgeServer {
  url: string;
  port: number;
  deviceId: string;
  sessionUntil(): number;
  /** The owner opens a new 15-minute session (the Agents panel; `tactile bridge` does it at start). */
  openSession(): number;
  /** The owner ends the session (as POST /api/agent/stop does). */
  stopSession(): void;
  /** Settles when every command started so far has reached a final state (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function deviceIdOf(serial: string): string {
  return createHash('sha256').update(serial, 'utf8').digest('hex').slice(0, 16);
}

type Reply = { status: number; body: Record<string, unknown> };
const error = (status: number, message: string): Reply => ({ status, body: { error: message } });

export async function startBridge(options: BridgeOptions): Promise<BridgeServer> {
  const now = options.now ?? Date.now;
  const host = options.host ?? '127.0.0.1';
  let port = options.port;
  const store = new CommandStore(now);
  const deviceId = deviceIdOf(options.serial);
  let sessionUntil = now() + SESSION_MS;
  // Each session the owner opens is one run of receipts.
  let sessionRun = runIdFor('bridge', randomUUID());
  const running = new Set<Promise<void>>();
  options.approvals.setPolicy(BRIDGE_AGENT, options.policy);

  const stopSession = () => {
    sessionUntil = Math.min(sessionUntil, now());
    options.approvals.stopSession(BRIDGE_AGENT);
    options.approvals.cancelAgent(BRIDGE_AGENT, 'the session was stopped');
    store.cancelAll('the session was stopped');
  };

  async function process(c: StoredCommand): Promise<void> {
    const call = canonicalCall(c.body) ?? { tool: 'get_ui_hierarchy', args: {} };
    const asked = options.approvals.request(
      {
        agent: BRIDGE_AGENT,
        source: 'bridge',
        serial: options.serial,
        tool: call.tool,
        args: call.args,
        summary: `${c.body.action}: ${describeCall(call.tool, call.args)}`,
        reason: c.body.reason,
        read_only: c.body.action === 'observe',
      },
      c.abort.signal,
    );
    const d = await asked.decision;
    // A bridge command is never withdrawn (it is not tied to a connection); the state set has no such word.
    if (d.verdict !== 'approved')
      return store.finish(c, d.verdict === 'withdrawn' ? 'cancelled' : d.verdict, { error: d.reason ?? d.verdict });
    if (!store.claim(c)) return;
    try {
      const outcome = await runCommand(options.executor, options.serial, c.body, c.abort.signal, sessionRun);
      store.finish(c, outcome.status, outcome.result);
    } catch (e) {
      store.finish(c, 'failed', { error: `bridge failure: ${(e as Error).message}` });
    }
  }

  async function route(req: IncomingMessage): Promise<Reply> {
    if (!hostAllowed(req.headers.host, host, port)) return error(403, 'the Host header does not name this server');
    const path = (req.url ?? '').split('?')[0]!;
    const known =
      path === '/api/agent/device' ||
      path === '/api/agent/commands' ||
      path === '/api/agent/stop' ||
      /^\/api\/agent\/commands\/[^/]+$/.test(path);
    if (!known) return error(404, 'not found');
    if (!options.verifier.verifyHeader(req.headers.authorization))
      return error(401, 'a valid device-scoped bearer token is required');
    options.approvals.sweep();
    store.sweep();
    if (path === '/api/agent/device') {
      if (req.method !== 'GET') return error(405, 'use GET');
      return {
        status: 200,
        body: { id: deviceId, name: options.deviceName, sessionUntil, localApprovalRequired: options.policy === 'ask' },
      };
    }
    if (path === '/api/agent/stop') {
      if (req.method !== 'POST') return error(405, 'use POST');
      stopSession();
      return { status: 200, body: { ok: true } };
    }
    if (path !== '/api/agent/commands') {
      if (req.method !== 'GET') return error(405, 'use GET');
      const c = store.get(decodeURIComponent(path.slice('/api/agent/commands/'.length)));
      return c
        ? { status: 200, body: { ...view(c) } }
        : error(404, 'no such command (unknown, or its result was purged after an hour)');
    }
    if (req.method !== 'POST') return error(405, 'use POST');
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))
      return error(400, 'Idempotency-Key must match ^[a-zA-Z0-9_-]{8,100}$');
    let json: unknown;
    try {
      json = JSON.parse((await readBody(req, BRIDGE_MAX_BODY)).toString('utf8'));
    } catch (e) {
      return error(
        400,
        e instanceof BodyTooLarge ? `the body is over ${BRIDGE_MAX_BODY} bytes` : 'the body is not JSON',
      );
    }
    const body = CommandBodySchema.safeParse(json);
    if (!body.success) {
      const issue = body.error.issues[0]!;
      return error(400, `${issue.message} at /${issue.path.join('/')}`);
    }
    if (now() >= sessionUntil) return error(401, 'no active session: the owner opens one at the Tactile console');
    const created = store.create(key, body.data);
    if (created.kind === 'conflict') return error(409, created.message);
    if (created.kind === 'rate_limited') return error(429, created.message);
    const c = created.command;
    const accepted = {
      id: c.id,
      status: c.status,
      localApprovalRequired: options.policy === 'ask',
      duplicate: created.kind === 'duplicate',
    };
    if (created.kind === 'duplicate') return { status: 200, body: accepted };
    const job = process(c).finally(() => running.delete(job));
    running.add(job);
    return { status: 202, body: accepted };
  }

  const http = createServer(
    { maxHeaderSize: MAX_HEADER_BYTES, headersTimeout: 10_000, requestTimeout: 30_000 },
    (req, res: ServerResponse) => {
      route(req)
        .catch(() => error(500, 'internal error'))
        .then((reply) => {
          if (res.headersSent) return;
          res.writeHead(reply.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify(reply.body));
        });
    },
  );
  http.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  port = (http.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    deviceId,
    sessionUntil: () => sessionUntil,
    openSession() {
      sessionUntil = now() + SESSION_MS;
      sessionRun = runIdFor('bridge', randomUUID());
      options.approvals.setPolicy(BRIDGE_AGENT, options.policy);
      return sessionUntil;
    },
    stopSession,
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async close() {
      stopSession();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await Promise.allSettled([...running]);
    },
  };
}
