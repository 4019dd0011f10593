// The sync v2 messages (AOSP file_sync_protocol.h) behind the stat_v2, ls_v2 and sendrecv_v2
// features: STA2/LST2 answer a 72-byte stat with an errno, LIS2 answers 76-byte DNT2 entries plus
// a name, SND2/RCV2 carry their mode and flags in a second message. Pure: no I/O.

import type { VirtualFileStat } from '../device-services';
import type { FsErrorCode } from '../fs/fs-error';

export const STAT_V2_SIZE = 72;
export const DENT_V2_SIZE = 76;

/** sync_send_v2/sync_recv_v2 flags. */
export const SyncFlag = {
  none: 0,
  brotli: 1,
  lz4: 2,
  zstd: 4,
  dryRun: 0x8000_0000,
} as const;

/** Linux errno values as adbd sends them in STA2/LST2/DNT2. */
export const ENOENT = 2;
/** Linux errno numbers of the failures a stat can have. */
const ERRNO: Partial<Record<FsErrorCode, number>> = { ENOENT, EACCES: 13, ENOTDIR: 20 };

/** What v2 adds to a stat: ownership and identity, which the virtual file system does not keep. */
interface StatIdentity {
  dev: number;
  ino: number;
  nlink: number;
  uid: number;
  gid: number;
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const encoder = new TextEncoder();

/**
 * The identity fields of a stat: the owner is the file's own; the inode is a stable hash of the path, so the
 * same file keeps its number between calls, as a client comparing inodes expects.
 */
export function statIdentity(path: string, stat: VirtualFileStat): StatIdentity {
  const normal = path.replace(/\/+$/, '') || '/';
  const storage =
    normal === '/sdcard' || normal.startsWith('/sdcard/') || normal === '/storage' || normal.startsWith('/storage/');
  let ino = 0x811c9dc5;
  for (let i = 0; i < normal.length; i++) ino = Math.imul(ino ^ normal.charCodeAt(i), 0x01000193) >>> 0;
  return {
    dev: storage ? 0x3e : 0xfd05,
    ino,
    nlink: (stat.mode & S_IFMT) === S_IFDIR ? 2 : 1,
    uid: stat.uid,
    gid: stat.gid,
  };
}

function writeStatFields(view: DataView, at: number, path: string, stat: VirtualFileStat | null, errno: number): void {
  view.setUint32(at, errno, true);
  if (!stat) return;
  const id = statIdentity(path, stat);
  view.setBigUint64(at + 4, BigInt(id.dev), true);
  view.setBigUint64(at + 12, BigInt(id.ino), true);
  view.setUint32(at + 20, stat.mode >>> 0, true);
  view.setUint32(at + 24, id.nlink, true);
  view.setUint32(at + 28, id.uid, true);
  view.setUint32(at + 32, id.gid, true);
  view.setBigUint64(at + 36, BigInt(Math.max(0, Math.trunc(stat.size))), true);
  const time = BigInt(Math.trunc(stat.mtime));
  view.setBigInt64(at + 44, time, true); // atime
  view.setBigInt64(at + 52, time, true); // mtime
  view.setBigInt64(at + 60, time, true); // ctime
}

/** STA2 or LST2 reply: the stat, or zeros with the errno (ENOENT, ENOTDIR, EACCES) when it cannot be had. */
export function encodeSyncStatV2(
  id: 'STA2' | 'LST2',
  path: string,
  stat: VirtualFileStat | null,
  error: FsErrorCode | null = null,
): Uint8Array {
  const out = new Uint8Array(STAT_V2_SIZE);
  out.set(encoder.encode(id));
  writeStatFields(new DataView(out.buffer), 4, path, stat, stat ? 0 : (ERRNO[error ?? 'ENOENT'] ?? ENOENT));
  return out;
}

/** One LIS2 entry; `path` is the entry's full path (for its identity). */
export function encodeSyncDentV2(path: string, entry: { name: string } & VirtualFileStat): Uint8Array {
  const name = encoder.encode(entry.name);
  const out = new Uint8Array(DENT_V2_SIZE + name.length);
  out.set(encoder.encode('DNT2'));
  const view = new DataView(out.buffer);
  writeStatFields(view, 4, path, entry, 0);
  view.setUint32(72, name.length, true);
  out.set(name, DENT_V2_SIZE);
  return out;
}

/** LIS2 ends with a DONE the size of a DNT2 header: the client reads whole entries. */
export function encodeSyncListDoneV2(): Uint8Array {
  const out = new Uint8Array(DENT_V2_SIZE);
  out.set(encoder.encode('DONE'));
  return out;
}

/** The host side of SND2 (path message, then `SND2 mode flags`) and RCV2 (path, then `RCV2 flags`), for tests and tools. */
export function encodeSendV2Request(path: string, mode: number, flags: number): Uint8Array {
  const bytes = encoder.encode(path);
  const out = new Uint8Array(8 + bytes.length + 12);
  const view = new DataView(out.buffer);
  out.set(encoder.encode('SND2'));
  view.setUint32(4, bytes.length, true);
  out.set(bytes, 8);
  out.set(encoder.encode('SND2'), 8 + bytes.length);
  view.setUint32(12 + bytes.length, mode >>> 0, true);
  view.setUint32(16 + bytes.length, flags >>> 0, true);
  return out;
}

export function encodeRecvV2Request(path: string, flags: number): Uint8Array {
  const bytes = encoder.encode(path);
  const out = new Uint8Array(8 + bytes.length + 8);
  const view = new DataView(out.buffer);
  out.set(encoder.encode('RCV2'));
  view.setUint32(4, bytes.length, true);
  out.set(bytes, 8);
  out.set(encoder.encode('RCV2'), 8 + bytes.length);
  view.setUint32(12 + bytes.length, flags >>> 0, true);
  return out;
}
