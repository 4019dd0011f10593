// Bounds every agent-facing HTTP server applies before anything else reads a request.
import type { IncomingMessage } from 'node:http';

/** Largest request body accepted (a seed-003 command is < 1 KB; an MCP call with a long sequence < 64 KB). */
export const MAX_BODY_BYTES = 256 * 1024;
/** node:http maxHeaderSize: all request headers together. */
export const MAX_HEADER_BYTES = 16 * 1024;

export class BodyTooLarge extends Error {}

/** Reads the whole body, refusing (and draining nothing more) past `limit` bytes. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return reject(new BodyTooLarge(`body over ${limit} bytes`));
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        req.resume();
        reject(new BodyTooLarge(`body over ${limit} bytes`));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** Loopback unless the owner asked for another address: then the caller warns. */
export function isLoopback(address: string): boolean {
  return (
    address === '127.0.0.1' || address === '::1' || address === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(address)
  );
}
