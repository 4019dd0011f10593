// Checks that bytes are one complete PNG and reads its size. Hand-written (IHDR at a fixed offset, IEND as
// the last 12 bytes) because decoding the whole image with pngjs only to learn it is complete would cost
// tens of milliseconds per 1080×2400 frame.
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

export type PngCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

export function checkPng(bytes: Uint8Array): PngCheck {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < SIGNATURE.length + 25 + IEND.length)
    return { ok: false, reason: `${buf.length} bytes is too short for a PNG` };
  if (!buf.subarray(0, 8).equals(SIGNATURE)) return { ok: false, reason: 'no PNG signature' };
  if (buf.toString('latin1', 12, 16) !== 'IHDR') return { ok: false, reason: 'no IHDR chunk' };
  if (!buf.subarray(buf.length - IEND.length).equals(IEND))
    return { ok: false, reason: 'no IEND chunk at the end (truncated)' };
  return { ok: true, width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
