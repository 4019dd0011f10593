// Streamable HTTP for the MCP server on 127.0.0.1 (another address only when the owner names it). Every
// request needs a Host naming this server and, from a browser, an Origin on this host (DNS rebinding: 403), and
// the bearer token; bodies and headers are bounded; each MCP session gets its own Server.
// Sessions are slots (MAX_SESSIONS): one closed by its client (DELETE) or by the transport frees its slot at
// once, and one idle for sessionIdleMs (no request running, none received; default 10 minutes) is closed, so
// clients that never say goodbye cannot fill the server for good. When every slot is taken, the 503 says
// (message and Retry-After) when the next one frees. A call whose HTTP connection drops before its answer, or
// whose session ends, is withdrawn (in-flight.ts): the owner is no longer asked to approve it.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { BodyTooLarge, MAX_HEADER_BYTES, readBody } from '../security/limits';
import { hostAllowed, originAllowed } from '../security/origin';
import type { TokenVerifier } from '../security/token';
import type { CallDeps } from './call-tool';
import { InFlightCalls } from './in-flight';
import { createMcpServer } from './server';

export const MCP_PATH = '/mcp';
/** Open MCP sessions at once: a client that keeps initializing cannot exhaust the process. */
export const MAX_SESSIONS = 32;
/** A session with no request for this long is closed (`--session-idle-ms`). */
export const DEFAULT_SESSION_IDLE_MS = 10 * 60_000;

export interface McpHttpOptions extends CallDeps {
  port: number;
  host?: string;
  verifier: TokenVerifier;
  /** Idle time after which a session is closed; default DEFAULT_SESSION_IDLE_MS. */
  sessionIdleMs?: number;
  /** The clock sessions are timed by (tests). */
  now?: () => number;
}

export interface McpHttpServer {
  url: string;
  port: number;
  sessions(): number;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  inFlight: InFlightCalls;
  /** Requests other than the standalone GET stream being answered now: a busy session is never idle. */
  busy: number;
  lastActive: number;
  timer: NodeJS.Timeout | null;
  closed: boolean;
}

function fail(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: status === 400 ? -32700 : -32000, message }, id: null }));
}

const requestIds = (body: unknown): Array<string | number> =>
  (Array.isArray(body) ? body : [body]).filter((m) => isJSONRPCRequest(m)).map((m) => m.id);

export async function startMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, Session>();
  let port = options.port;

  const arm = (s: Session) => {
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
    if (s.busy > 0 || s.closed) return;
    const left = s.lastActive + idleMs - now();
    s.timer = setTimeout(
      () => {
        s.timer = null;
        if (s.busy > 0) return;
        if (now() - s.lastActive >= idleMs) void s.transport.close();
        else arm(s); // activity since: wait out the rest
      },
      Math.max(0, left),
    );
    s.timer.unref();
  };

  /** Counts a request as activity for its whole duration (the GET stream only when it opens). */
  const track = (s: Session, req: IncomingMessage, res: ServerResponse, body: unknown) => {
    s.lastActive = now();
    if (req.method === 'GET') return arm(s);
    s.busy++;
    arm(s);
    const ids = requestIds(body);
    res.once('close', () => {
      // Closed before the answer was written: the agent is gone; its calls are withdrawn, not left to the owner.
      if (!res.writableFinished && ids.length > 0) s.inFlight.withdraw(ids, 'the agent disconnected before the answer');
      s.busy--;
      s.lastActive = now();
      arm(s);
    });
  };

  /** When the next slot frees: the session idle longest reaches the idle time (busy ones never do on their own). */
  const nextFree = (): { seconds: number; why: string } => {
    const idle = [...sessions.values()].filter((s) => s.busy === 0).map((s) => s.lastActive + idleMs - now());
    if (idle.length === 0)
      return {
        seconds: Math.ceil(idleMs / 1000),
        why: `every session is running a request; a slot frees when one ends or has been idle ${idleMs / 1000} s`,
      };
    const seconds = Math.max(1, Math.ceil(Math.min(...idle) / 1000));
    return {
      seconds,
      why: `the session idle longest is closed in ${seconds} s (sessions close after ${idleMs / 1000} s without a request, or when their client sends DELETE)`,
    };
  };

  const closeIdle = async () => {
    const idle = [...sessions.values()].filter((s) => s.busy === 0 && now() - s.lastActive >= idleMs);
    await Promise.all(idle.map((s) => s.transport.close().catch(() => undefined)));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MCP_PATH) return fail(res, 404, 'not found');
    if (!hostAllowed(req.headers.host, host, port)) return fail(res, 403, 'the Host header does not name this server');
    if (!originAllowed(req.headers.origin, host)) return fail(res, 403, 'requests from this Origin are not allowed');
    if (!options.verifier.verifyHeader(req.headers.authorization))
      return fail(res, 401, 'a valid bearer token is required', { 'www-authenticate': 'Bearer' });
    let body: unknown;
    if (req.method === 'POST') {
      try {
        const raw = await readBody(req);
        body = JSON.parse(raw.toString('utf8'));
      } catch (e) {
        return fail(
          res,
          e instanceof BodyTooLarge ? 413 : 400,
          e instanceof BodyTooLarge ? e.message : 'the body is not JSON',
        );
      }
    }
    const sid = req.headers['mcp-session-id'];
    const known = typeof sid === 'string' ? sessions.get(sid) : undefined;
    if (known) {
      track(known, req, res, body);
      return known.transport.handleRequest(req, res, body);
    }
    if (sid !== undefined) return fail(res, 404, 'unknown MCP session (it ended or expired): initialize a new one');
    if (req.method !== 'POST' || !isInitializeRequest(body)) return fail(res, 400, 'start with an initialize request');
    // A timer may lag behind the clock (a busy event loop): sessions already past their idle time go first.
    if (sessions.size >= MAX_SESSIONS) await closeIdle();
    if (sessions.size >= MAX_SESSIONS) {
      const free = nextFree();
      return fail(res, 503, `too many MCP sessions (${MAX_SESSIONS} open): ${free.why}`, {
        'retry-after': String(free.seconds),
      });
    }
    const inFlight = new InFlightCalls();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        const s: Session = { transport, inFlight, busy: 0, lastActive: now(), timer: null, closed: false };
        sessions.set(id, s);
        arm(s);
      },
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      const s = id === undefined ? undefined : sessions.get(id);
      if (s) {
        s.closed = true;
        if (s.timer) clearTimeout(s.timer);
        sessions.delete(id!);
      }
      inFlight.withdrawAll('the MCP session ended');
    };
    const server = createMcpServer({ ...options, sessionId: () => transport.sessionId ?? null, inFlight });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    // An initialize the transport refused never became a session: nothing else would ever close it.
    if (transport.sessionId === undefined || !sessions.has(transport.sessionId)) await server.close();
  };

  const http = createServer(
    { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: 0, headersTimeout: 10_000 },
    (req, res) => {
      handle(req, res).catch(() => fail(res, 500, 'internal error'));
    },
  );
  http.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  port = (http.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${MCP_PATH}`,
    port,
    sessions: () => sessions.size,
    async close() {
      for (const s of [...sessions.values()]) await s.transport.close().catch(() => undefined);
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
