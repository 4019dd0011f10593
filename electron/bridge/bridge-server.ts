// The loopback bridge: the IPC contract over a WebSocket on 127.0.0.1, for browsers (`npm run start:web`) and
// E2E tests. Each start draws a random token; a socket without it is refused at the upgrade (HTTP 401), as is
// one opened from another origin. The same HTTP server serves the built renderer with the app's CSP.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import sirv from 'sirv';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  BRIDGE_PATH,
  BridgeRequestSchema,
  decodeWire,
  encodeWire,
  tactileErrorReply,
  type BridgeServerMessage,
  type Dispatch,
} from '../../shared/ipc';
import { checkValueBounds, parseBoundedJson, REQUEST_LIMITS } from '../../shared/limits/json-bounds';
import type { EventHub } from '../services/event-hub';
import { contentSecurityPolicy } from '../app-root/csp';

export { BRIDGE_PATH };

export interface BridgeOptions {
  dispatch: Dispatch;
  events: EventHub;
  /** Folder of the built renderer (index.html); absent: the bridge serves only the socket. */
  staticDir?: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Fixed token (tests); default: 32 random bytes, base64url. */
  token?: string;
}

export interface Bridge {
  readonly port: number;
  readonly token: string;
  /** The console's address, token included. */
  readonly url: string;
  /** The WebSocket address, token included. */
  readonly socketUrl: string;
  close(): Promise<void>;
}

function tokenMatches(expected: Buffer, given: string | null): boolean {
  if (given === null) return false;
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${port}`;
  const csp = contentSecurityPolicy({ connect: [`ws://127.0.0.1:${port}`] });
  const files = options.staticDir
    ? sirv(options.staticDir, {
        single: true,
        dev: false,
        etag: true,
        setHeaders: (res) => res.setHeader('Content-Security-Policy', csp),
      })
    : null;
  server.on('request', (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', csp);
    if (files && (req.method === 'GET' || req.method === 'HEAD')) {
      files(req, res, () => {
        res.statusCode = 404;
        res.end('not found');
      });
      return;
    }
    res.statusCode = files ? 405 : 404;
    res.end();
  });

  const wss = new WebSocketServer({
    server,
    path: BRIDGE_PATH,
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: ({ req }: { req: IncomingMessage }, done: (ok: boolean, code?: number, message?: string) => void) => {
      const url = new URL(req.url ?? '/', origin);
      if (!tokenMatches(expected, url.searchParams.get('token'))) return done(false, 401, 'token required');
      // Browsers always send Origin: only pages served by this bridge may connect. Non-browser clients send none.
      const from = req.headers.origin;
      if (from !== undefined && from !== origin) return done(false, 403, 'foreign origin');
      done(true);
    },
  });
  wss.on('connection', (socket) => serveSocket(socket, options));

  return {
    port,
    token,
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    socketUrl: `ws://127.0.0.1:${port}${BRIDGE_PATH}?token=${encodeURIComponent(token)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => server.close(() => resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Largest frame a client may send; ws closes the socket (1009) past it. Requests are at most
 * REQUEST_LIMITS.maxChars characters of JSON (refused with INVALID_ARGUMENT above that), ≤ 4 bytes each in UTF-8.
 */
export const MAX_MESSAGE_BYTES = 4 * REQUEST_LIMITS.maxChars;

/** A socket this far behind gets no more video until the next keyframe (a stalled tab must not grow main's memory). */
export const VIDEO_BACKLOG_BYTES = 4 * 1024 * 1024;

function serveSocket(socket: WebSocket, options: BridgeOptions): void {
  const send = (message: BridgeServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(encodeWire(message));
  };
  // Dropping one delta frame breaks every frame after it until a keyframe, so once behind, skip up to one.
  let skippingVideo = false;
  const unsubscribe = options.events.onAny((channel, payload) => {
    if (channel === 'mirror.packet') {
      const p = payload as { type: string; keyframe: boolean | null };
      const restart = p.type === 'configuration' || p.keyframe === true;
      if (socket.bufferedAmount > VIDEO_BACKLOG_BYTES) skippingVideo = true;
      else if (skippingVideo && restart) skippingVideo = false;
      if (skippingVideo) return;
    }
    send({ type: 'event', channel, payload });
  });
  socket.on('close', unsubscribe);
  socket.on('error', () => socket.terminate());
  socket.on('message', (data, isBinary) => {
    let message: unknown;
    try {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      // Text frames are bounded before JSON.parse builds them; binary frames (bytes) once decoded.
      const bounded = isBinary
        ? { ok: true as const, value: decodeWire(bytes) }
        : parseBoundedJson(bytes.toString('utf8'), REQUEST_LIMITS, 'the bridge frame');
      const refusal = bounded.ok ? checkValueBounds(bounded.value, REQUEST_LIMITS, 'the bridge frame') : bounded.error;
      if (refusal !== null) {
        send({ type: 'reply', id: -1, reply: { ok: false, error: refusal } });
        return;
      }
      message = bounded.ok ? bounded.value : null;
    } catch {
      send({
        type: 'reply',
        id: -1,
        reply: tactileErrorReply('INVALID_ARGUMENT', 'the bridge frame is not a valid message'),
      });
      return;
    }
    const request = BridgeRequestSchema.safeParse(message);
    if (!request.success) {
      const id = (message as { id?: unknown } | null)?.id;
      send({
        type: 'reply',
        id: Number.isSafeInteger(id) ? (id as number) : -1,
        reply: tactileErrorReply('INVALID_ARGUMENT', 'expected {type:"request", id, channel, payload}'),
      });
      return;
    }
    const { id, channel, payload } = request.data;
    // Every request gets its reply: one that cannot be encoded (a value JSON cannot carry) is answered INTERNAL
    // rather than dropped, which would leave the client waiting for ever.
    void options.dispatch(channel, payload).then((reply) => {
      try {
        send({ type: 'reply', id, reply });
      } catch (e) {
        send({
          type: 'reply',
          id,
          reply: tactileErrorReply(
            'INTERNAL',
            `the reply to ${channel} could not be sent: ${e instanceof Error ? e.message : String(e)}`,
          ),
        });
      }
    });
  });
}
