// Reads entries of a ZIP archive (an APK) the way Android's libziparchive does: the end-of-central-directory
// record, the central directory, each entry's local header; stored and deflated entries only.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export interface ZipArchive {
  entries: ZipEntry[];
  /** Offset of the central directory (the APK Signing Block, if any, ends right before it). */
  centralOffset: number;
  read(name: string): Buffer | null;
}

export function openZip(bytes: Buffer): ZipArchive {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('not a zip archive: no end of central directory');
  const count = bytes.readUInt16LE(eocd + 10);
  const centralOffset = bytes.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  let p = centralOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== CENTRAL)
      throw new ZipError(`bad central directory entry ${i}`);
    const nameLen = bytes.readUInt16LE(p + 28);
    const extraLen = bytes.readUInt16LE(p + 30);
    const commentLen = bytes.readUInt16LE(p + 32);
    entries.push({
      name: bytes.toString('utf8', p + 46, p + 46 + nameLen),
      method: bytes.readUInt16LE(p + 10),
      compressedSize: bytes.readUInt32LE(p + 20),
      size: bytes.readUInt32LE(p + 24),
      localOffset: bytes.readUInt32LE(p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return {
    entries,
    centralOffset,
    read(name) {
      const e = entries.find((x) => x.name === name);
      if (!e) return null;
      if (bytes.readUInt32LE(e.localOffset) !== LOCAL) throw new ZipError(`bad local header for ${name}`);
      const start =
        e.localOffset + 30 + bytes.readUInt16LE(e.localOffset + 26) + bytes.readUInt16LE(e.localOffset + 28);
      const raw = bytes.subarray(start, start + e.compressedSize);
      if (e.method === 0) return Buffer.from(raw);
      if (e.method === 8) return inflateRawSync(raw);
      throw new ZipError(`unsupported compression method ${e.method} for ${name}`);
    },
  };
}

/** Whether an APK Signature Scheme v2+ block ("APK Sig Block 42") sits right before the central directory. */
export function hasSigningBlock(bytes: Buffer, centralOffset: number): boolean {
  if (centralOffset < 24) return false;
  return bytes.toString('latin1', centralOffset - 16, centralOffset) === 'APK Sig Block 42';
}
