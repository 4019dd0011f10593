// Messages of the loopback bridge (electron/bridge ↔ renderer/ipc) and their framing. A message without bytes
// is one JSON text frame. A message carrying bytes (screenshots, video packets) is one binary frame:
//   u32 BE header length | header (UTF-8 JSON, each Uint8Array replaced by {"$bytes": i}) | per blob: u32 BE length | bytes
// Hand-written because it is a few lines and the bridge needs no general serializer (BSON/msgpack would copy
// every blob through their own encoders).
import { z } from 'zod';
import { decodeUtf8, encodeUtf8 } from '../helper-protocol/utf8';
import type { IpcReply } from './reply';

/** The bridge's WebSocket path on its HTTP server (both ends build the URL from it). */
export const BRIDGE_PATH = '/bridge';

export const BridgeRequestSchema = z.strictObject({
  type: z.literal('request'),
  id: z.int().min(0),
  channel: z.string().max(100),
  payload: z.unknown(),
});

export type BridgeServerMessage =
  { type: 'reply'; id: number; reply: IpcReply } | { type: 'event'; channel: string; payload: unknown };

const BYTES_KEY = '$bytes';

export function encodeWire(message: unknown): string | Uint8Array {
  const blobs: Uint8Array[] = [];
  const header = JSON.stringify(message, function (_key, value: unknown) {
    // JSON.stringify hands replacers Buffer#toJSON output, so test the holder's raw value.
    const raw = (this as Record<string, unknown>)[_key];
    if (raw instanceof Uint8Array) {
      blobs.push(raw);
      return { [BYTES_KEY]: blobs.length - 1 };
    }
    return value;
  });
  if (blobs.length === 0) return header;
  const head = encodeUtf8(header);
  const total = 4 + head.length + blobs.reduce((n, b) => n + 4 + b.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, head.length);
  out.set(head, 4);
  let at = 4 + head.length;
  for (const blob of blobs) {
    view.setUint32(at, blob.length);
    out.set(blob, at + 4);
    at += 4 + blob.length;
  }
  return out;
}

/** Throws (SyntaxError/RangeError) on a malformed frame; callers refuse the frame. */
export function decodeWire(data: string | Uint8Array): unknown {
  if (typeof data === 'string') return JSON.parse(data);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const readLength = (at: number): number => {
    if (at + 4 > data.byteLength) throw new RangeError('truncated bridge frame');
    return view.getUint32(at);
  };
  const headLength = readLength(0);
  if (4 + headLength > data.byteLength) throw new RangeError('truncated bridge frame header');
  const blobs: Uint8Array[] = [];
  let at = 4 + headLength;
  while (at < data.byteLength) {
    const length = readLength(at);
    if (at + 4 + length > data.byteLength) throw new RangeError('truncated bridge frame blob');
    blobs.push(data.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return JSON.parse(decodeUtf8(data.subarray(4, 4 + headLength)), (_key, value: unknown) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const index = (value as Record<string, unknown>)[BYTES_KEY];
      if (keys.length === 1 && typeof index === 'number') {
        const blob = blobs[index];
        if (blob === undefined) throw new RangeError(`bridge frame refers to missing blob ${index}`);
        return blob;
      }
    }
    return value;
  });
}
