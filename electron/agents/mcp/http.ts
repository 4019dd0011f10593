// Streamable HTTP for the MCP server on 127.0.0.1 (another address only when the owner names it). Every
// request needs the bearer token; bodies and headers are bounded; each MCP session gets its own Server.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { BodyTooLarge, MAX_HEADER_BYTES, readBody } from '../security/limits';
import type { TokenVerifier } from '../security/token';
import type { CallDeps } from './call-tool';
import { createMcpServer } from './server';

export const MCP_PATH = '/mcp';
/** Open MCP sessions at once: a client that keeps initializing cannot exhaust the process. */
export const MAX_SESSIONS = 32;

export interface McpHttpOptions extends CallDeps {
  port: number;
  host?: string;
  verifier: TokenVerifier;
}

export interface McpHttpServer {
  url: string;
  port: number;
  sessions(): number;
  close(): Promise<void>;
}

function fail(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: status === 400 ? -32700 : -32000, message }, id: null }));
}

export async function startMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const transports = new Map<string, StreamableHTTPServerTransport>();
  let port = options.port;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MCP_PATH) return fail(res, 404, 'not found');
    if (!options.verifier.verifyHeader(req.headers.authorization)) return fail(res, 401, 'a valid bearer token is required', { 'www-authenticate': 'Bearer' });
    let body: unknown;
    if (req.method === 'POST') {
      try {
        const raw = await readBody(req);
        body = JSON.parse(raw.toString('utf8'));
      } catch (e) {
        return fail(res, e instanceof BodyTooLarge ? 413 : 400, e instanceof BodyTooLarge ? e.message : 'the body is not JSON');
      }
    }
    const sid = req.headers['mcp-session-id'];
    const known = typeof sid === 'string' ? transports.get(sid) : undefined;
    if (known) return known.handleRequest(req, res, body);
    if (sid !== undefined) return fail(res, 404, 'unknown MCP session');
    if (req.method !== 'POST' || !isInitializeRequest(body)) return fail(res, 400, 'start with an initialize request');
    if (transports.size >= MAX_SESSIONS) return fail(res, 503, 'too many MCP sessions');
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void transports.set(id, transport),
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${host}:${port}`],
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    const server = createMcpServer({ ...options, sessionId: () => transport.sessionId ?? null });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const http = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: 0, headersTimeout: 10_000 }, (req, res) => {
    handle(req, res).catch(() => fail(res, 500, 'internal error'));
  });
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
    sessions: () => transports.size,
    async close() {
      for (const t of transports.values()) await t.close().catch(() => undefined);
      transports.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
