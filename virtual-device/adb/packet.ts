// The adb transport message (AOSP adb/protocol.txt): a 24-byte little-endian header of six
// 32-bit words followed by `data_length` payload bytes. Pure: no sockets.

export const A_CNXN = 0x4e584e43;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_CLSE = 0x45534c43;
export const A_WRTE = 0x45545257;

export const A_VERSION_MIN = 0x01000000;
/** From this version on both sides send data_crc32 = 0 and nobody checks it (adb ≥ 1.0.39 / Android 9). */
export const A_VERSION_SKIP_CHECKSUM = 0x01000001;
/** Largest payload we accept; adb 29's host also offers 1 MiB (MAX_PAYLOAD), adbd before Android 9 offered 256 KiB. */
export const MAX_PAYLOAD = 1024 * 1024;
/** Old adb hard-coded 4096; a peer announcing less cannot be served. */
export const MIN_PAYLOAD = 4096;
export const HEADER_LENGTH = 24;

export interface AdbPacket {
  command: number;
  arg0: number;
  arg1: number;
  payload: Uint8Array;
}

/** The legacy "crc32" is an unsigned byte sum, not a CRC; only peers below A_VERSION_SKIP_CHECKSUM send it. */
export function payloadChecksum(payload: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) sum += payload[i]!;
  return sum >>> 0;
}

/** Serializes one packet; `withChecksum` is true only when the negotiated version is below A_VERSION_SKIP_CHECKSUM. */
export function encodePacket(packet: AdbPacket, withChecksum: boolean): Uint8Array {
  const out = new Uint8Array(HEADER_LENGTH + packet.payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, packet.command, true);
  view.setUint32(4, packet.arg0 >>> 0, true);
  view.setUint32(8, packet.arg1 >>> 0, true);
  view.setUint32(12, packet.payload.length, true);
  view.setUint32(16, withChecksum ? payloadChecksum(packet.payload) : 0, true);
  view.setUint32(20, (packet.command ^ 0xffffffff) >>> 0, true);
  out.set(packet.payload, HEADER_LENGTH);
  return out;
}

export function commandName(command: number): string {
  const bytes = [command & 0xff, (command >>> 8) & 0xff, (command >>> 16) & 0xff, command >>> 24];
  return String.fromCharCode(...bytes);
}

const encoder = new TextEncoder();

/** OPEN destinations are NUL-terminated on the wire for compatibility with old adbd. */
export function openPayload(destination: string): Uint8Array {
  const text = encoder.encode(destination);
  const out = new Uint8Array(text.length + 1);
  out.set(text);
  return out;
}
