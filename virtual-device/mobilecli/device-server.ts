// `CLASSPATH=/data/local/tmp/mobilecli.dex app_process / com.mobilenext.mobilecli.DeviceServer [--idle-timeout-ms=N]`:
// mobilecli's persistent on-device server, which the virtual device runs itself (the dex is never executed, as
// scrcpy's server jar is not): JSON-RPC 2.0 over HTTP/1.1 on localabstract:mobilecli-server, one request per
// connection, parsed by Node's own HTTP server. It reports the SHA-256 of the dex it was started from
// (`device.version`, how mobilecli tells a stale server), runs as a process (`pgrep -f`, `pkill -f`) until
// killed or idle for --idle-timeout-ms (30 min by default).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import type { Command } from '../android/shell/context';
import type { DeviceStream } from '../device-services';
import { RPC, RPC_METHODS, RpcError } from './rpc-methods';

export const MOBILECLI_SERVER_CLASS = 'com.mobilenext.mobilecli.DeviceServer';
const SOCKET = 'localabstract:mobilecli-server';
const DEFAULT_IDLE_MS = 30 * 60 * 1000;
/** JsonRpcSocketServer's MAX_CONTENT_LENGTH. */
const MAX_BODY = 1 << 20;

/** A device stream as the socket Node's HTTP server reads a request from and writes its answer to. */
function socketOf(stream: DeviceStream): Duplex {
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _enc, done) {
      stream.write(chunk).then(
        () => done(),
        (e: Error) => done(e),
      );
    },
    final(done) {
      stream.close();
      done();
    },
  });
  stream.onData((chunk) => void socket.push(Buffer.from(chunk)));
  stream.onClose(() => socket.push(null));
  return socket;
}

const reply = (res: ServerResponse, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    Connection: 'close',
  });
  res.end(text);
};

export function withMobilecliServer(next: Command): Command {
  return async (ctx) => {
    const [, , main, ...args] = ctx.argv;
    if (main !== MOBILECLI_SERVER_CLASS) return next(ctx);
    const classpath = ctx.env?.CLASSPATH;
    const dex = classpath ? ctx.android.fs.read(classpath) : null;
    if (!dex) {
      await ctx.err(`Error: Could not find class '${main}'\n`);
      return 1;
    }
    const dexSha256 = createHash('sha256').update(dex).digest('hex');
    const idleArg = args.find((a) => a.startsWith('--idle-timeout-ms='));
    const idleMs = idleArg && Number(idleArg.split('=')[1]) > 0 ? Number(idleArg.split('=')[1]) : DEFAULT_IDLE_MS;
    const proc = ctx.process(ctx.argv);
    let finish!: (code: number) => void;
    const ended = new Promise<number>((resolve) => (finish = resolve));
    let idle: ReturnType<typeof setTimeout> | null = null;
    const touch = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => finish(0), idleMs);
      idle.unref?.();
    };
    const http = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        chunks.push(c);
      });
      req.on('end', () => {
        touch();
        if (size > MAX_BODY)
          return reply(res, {
            jsonrpc: '2.0',
            id: null,
            error: { code: RPC.INVALID_REQUEST, message: 'Content-Length out of bounds' },
          });
        void handle(Buffer.concat(chunks).toString('utf8')).then((body) => {
          if (body === null) {
            res.writeHead(204, { Connection: 'close' });
            res.end();
          } else reply(res, body);
        });
      });
    });
    const handle = async (text: string): Promise<unknown> => {
      let request: Record<string, unknown>;
      try {
        request = JSON.parse(text) as Record<string, unknown>;
      } catch (e) {
        return {
          jsonrpc: '2.0',
          id: null,
          error: { code: RPC.PARSE_ERROR, message: `Parse error: ${(e as Error).message}` },
        };
      }
      const notification = !('id' in request);
      const id = request.id ?? null;
      const method = request.method;
      if (request.jsonrpc !== '2.0' || typeof method !== 'string' || method === '') {
        return notification
          ? null
          : { jsonrpc: '2.0', id, error: { code: RPC.INVALID_REQUEST, message: 'Invalid Request' } };
      }
      const params = request.params;
      if (params !== undefined && params !== null && (typeof params !== 'object' || Array.isArray(params))) {
        return notification
          ? null
          : { jsonrpc: '2.0', id, error: { code: RPC.INVALID_PARAMS, message: 'Invalid params' } };
      }
      const run = Object.hasOwn(RPC_METHODS, method) ? RPC_METHODS[method] : undefined;
      try {
        if (!run) throw new RpcError(RPC.METHOD_NOT_FOUND, `Method not found: ${method}`);
        const result = await run(ctx.android, (params ?? {}) as Record<string, unknown>, { dexSha256 });
        return notification ? null : { jsonrpc: '2.0', id, result };
      } catch (e) {
        const error =
          e instanceof RpcError ? e : new RpcError(RPC.INTERNAL_ERROR, `Internal error: ${(e as Error).message}`);
        return notification ? null : { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } };
      }
    };
    let unlisten: () => void;
    try {
      unlisten = ctx.android.sockets.listen(SOCKET, (stream) => http.emit('connection', socketOf(stream)));
    } catch (e) {
      // Another server holds the socket: LocalServerSocket's bind fails and main() exits 1.
      await ctx.err(`Error: ${(e as Error).message}\n`);
      proc.exit();
      return 1;
    }
    touch();
    void proc.process.killed.then((sig) => finish(128 + sig));
    const code = await ended;
    if (idle) clearTimeout(idle);
    unlisten();
    http.close();
    proc.exit();
    return code;
  };
}
