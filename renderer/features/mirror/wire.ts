// One binary message per video packet, for transports that carry bytes (WebSocket, IPC):
// [kind u8: 0 config, 1 delta, 2 key][sentAt f64 LE, NaN when unknown][Annex B data]. Pure.
import type { MirrorPacket } from './transport';

const HEADER = 9;

export function encodeMirrorPacket(p: MirrorPacket): Uint8Array {
  const out = new Uint8Array(HEADER + p.data.length);
  out[0] = p.type === 'configuration' ? 0 : p.keyframe ? 2 : 1;
  new DataView(out.buffer).setFloat64(1, p.sentAt ?? Number.NaN, true);
  out.set(p.data, HEADER);
  return out;
}

/** The returned packet's data is a view into `bytes` (no copy). */
export function decodeMirrorPacket(bytes: Uint8Array): MirrorPacket {
  if (bytes.length < HEADER || bytes[0]! > 2) throw new Error('Not a mirror packet');
  const sentAt = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat64(1, true);
  const data = bytes.subarray(HEADER);
  const kind = bytes[0];
  const packet: MirrorPacket = kind === 0 ? { type: 'configuration', data } : { type: 'data', keyframe: kind === 2, data };
  if (!Number.isNaN(sentAt)) packet.sentAt = sentAt;
  return packet;
}
