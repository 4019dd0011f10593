// `sync:` on the virtual file system, following adbd's file_sync_service: STAT (lstat v1) and
// STA2/LST2 (v2 stat with errno), LIST/LIS2 (with `.` and `..`, like readdir), SEND/SND2 (parents
// created, adbd's mode rule, mtime from DONE), RECV/RCV2 (64 KiB DATA chunks), QUIT. SND2/RCV2 take
// brotli compression and the dry-run flag; LZ4 and zstd are refused (not advertised). Failures answer
// FAIL and end the session, as adbd does.

import type { DeviceStream, VirtualFileSystem } from '../../device-services';
import { posix } from 'node:path';
import {
  SYNC_DATA_MAX,
  encodeSyncData,
  encodeSyncDent,
  encodeSyncDone,
  encodeSyncFail,
  encodeSyncListDone,
  encodeSyncOkay,
  encodeSyncStat,
  parseSendTarget,
} from '../sync-protocol';
import { SyncProtocolError, SyncReader, type SyncMessage } from '../sync-reader';
import { SyncFlag, encodeSyncDentV2, encodeSyncListDoneV2, encodeSyncStatV2 } from '../sync-protocol-v2';
import { errnoText, fsErrorText } from '../../fs/fs-error';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const decoder = new TextDecoder();

interface Upload {
  path: string;
  mode: number;
  chunks: Uint8Array[];
  /** adbd keeps reading DATA after a failed open so the client sees the FAIL; then it ends the session. */
  failed: boolean;
  /** SND2 with kSyncFlagBrotli: the DATA bytes are one brotli stream. */
  brotli: boolean;
  /** SND2 with kSyncFlagDryRun: take the data, write nothing. */
  dryRun: boolean;
}

/** The largest file a compressed push may expand to; the virtual file system lives in memory. */
const MAX_DECOMPRESSED = 1024 * 1024 * 1024;

export function serveSync(stream: DeviceStream, fs: VirtualFileSystem): void {
  const reader = new SyncReader();
  let upload: Upload | null = null;
  let ended = false;

  const reply = (bytes: Uint8Array) => stream.write(bytes);
  const fail = async (reason: string) => {
    ended = true;
    await reply(encodeSyncFail(reason));
    stream.close();
  };

  const handle = async (msg: SyncMessage): Promise<void> => {
    if (upload) {
      if (msg.id === 'DATA') {
        if (!upload.failed) upload.chunks.push(msg.payload);
        return;
      }
      const finished: Upload = upload;
      upload = null;
      if (msg.id !== 'DONE') return fail('invalid data message');
      if (finished.failed) {
        ended = true;
        stream.close();
        return;
      }
      let data: Uint8Array;
      try {
        data = finished.brotli ? decompress(join(finished.chunks)) : join(finished.chunks);
      } catch {
        return fail('decompress failed');
      }
      if (!finished.dryRun) {
        try {
          fs.mkdir(posix.dirname(finished.path), 0o775, msg.value);
          fs.write(finished.path, data, finished.mode, msg.value);
        } catch (error) {
          return fail(`couldn't create file: ${fsErrorText(error)}`);
        }
      }
      await reply(encodeSyncOkay());
      return;
    }
    const path = decoder.decode(msg.payload);
    switch (msg.id) {
      case 'STAT':
        await reply(encodeSyncStat(fs.stat(path)));
        return;
      case 'STA2':
      case 'LST2':
        // No symlinks in the virtual file system, so stat and lstat agree.
        await reply(encodeSyncStatV2(msg.id, path, fs.stat(path), fs.errorOf(path)));
        return;
      case 'LIST':
        await reply(listing(fs, path));
        return;
      case 'LIS2':
        await reply(listingV2(fs, path));
        return;
      case 'RECV':
        return recv(path, SyncFlag.none);
      case 'RCV2':
        return recv(path, msg.flags ?? 0);
      case 'SEND':
        return send(path);
      case 'SND2':
        return sendV2(path, msg.mode ?? 0, msg.flags ?? 0);
      case 'QUIT':
        ended = true;
        stream.close();
        return;
      default:
        return fail(`unknown command ${hex(msg.id)}`);
    }
  };

  const send = async (spec: string): Promise<void> => {
    const target = parseSendTarget(spec);
    if ('error' in target) return fail(target.error);
    return startUpload(target.path, target.mode, SyncFlag.none);
  };

  const sendV2 = async (path: string, mode: number, flags: number): Promise<void> => {
    const refused = refusedFlags(flags);
    if (refused) return fail(refused);
    return startUpload(path, mode, flags);
  };

  const startUpload = async (path: string, requestedMode: number, flags: number): Promise<void> => {
    // Copy the user bits to group and other, like adbd (the sdcard FUSE layer masks them later).
    let mode = requestedMode & 0o777;
    mode |= (mode >> 3) & 0o070;
    mode |= (mode >> 3) & 0o007;
    const existing = fs.stat(path);
    const failed = existing !== null && (existing.mode & S_IFMT) === S_IFDIR;
    const brotli = (flags & SyncFlag.brotli) !== 0;
    const dryRun = (flags & SyncFlag.dryRun) !== 0;
    upload = { path, mode: S_IFREG | mode, chunks: [], failed, brotli, dryRun };
    if (failed) {
      await reply(encodeSyncFail("couldn't create file: Is a directory"));
    }
  };

  const recv = async (path: string, flags: number): Promise<void> => {
    const refused = refusedFlags(flags & ~SyncFlag.dryRun);
    if (refused) return fail(refused);
    const stat = fs.stat(path);
    if (!stat) return fail(`open failed: ${errnoText(fs.errorOf(path) ?? 'ENOENT')}`);
    if ((stat.mode & S_IFMT) === S_IFDIR) return fail('read failed: Is a directory');
    let raw: Uint8Array;
    try {
      raw = fs.read(path) ?? new Uint8Array(0);
    } catch (error) {
      return fail(`open failed: ${fsErrorText(error)}`);
    }
    const data = (flags & SyncFlag.brotli) !== 0 ? compress(raw) : raw;
    // Several DATA messages per write keep a 1 MiB WRTE full instead of one round trip per 64 KiB.
    const batch: Uint8Array[] = [];
    for (let at = 0; at < data.length; at += SYNC_DATA_MAX) {
      batch.push(encodeSyncData(data.subarray(at, at + SYNC_DATA_MAX)));
      if (batch.length === 15) await reply(join(batch.splice(0)));
    }
    batch.push(encodeSyncDone());
    await reply(join(batch));
  };

  stream.onData(async (chunk) => {
    if (ended) return;
    let messages: SyncMessage[];
    try {
      messages = reader.push(chunk);
    } catch (error) {
      if (error instanceof SyncProtocolError) return fail(error.message);
      throw error;
    }
    for (const msg of messages) {
      if (ended) return;
      await handle(msg);
    }
  });
}

/** A directory's entries; one adbd cannot open (EACCES) lists as empty, as its opendir failure does. */
function entriesOf(fs: VirtualFileSystem, path: string): ReturnType<VirtualFileSystem['list']> {
  try {
    return fs.list(path);
  } catch {
    return null;
  }
}

function listing(fs: VirtualFileSystem, path: string): Uint8Array {
  const parts: Uint8Array[] = [];
  const entries = entriesOf(fs, path);
  if (entries) {
    const self = fs.stat(path);
    const parent = fs.stat(posix.dirname(posix.resolve('/', path)));
    if (self) parts.push(encodeSyncDent({ name: '.', ...self }));
    if (parent) parts.push(encodeSyncDent({ name: '..', ...parent }));
    for (const entry of entries) parts.push(encodeSyncDent(entry));
  }
  parts.push(encodeSyncListDone());
  return join(parts);
}

function listingV2(fs: VirtualFileSystem, path: string): Uint8Array {
  const parts: Uint8Array[] = [];
  const entries = entriesOf(fs, path);
  if (entries) {
    const dir = posix.resolve('/', path);
    const self = fs.stat(path);
    const parentPath = posix.dirname(dir);
    const parent = fs.stat(parentPath);
    if (self) parts.push(encodeSyncDentV2(dir, { name: '.', ...self }));
    if (parent) parts.push(encodeSyncDentV2(parentPath, { name: '..', ...parent }));
    for (const entry of entries) parts.push(encodeSyncDentV2(posix.join(dir, entry.name), entry));
  }
  parts.push(encodeSyncListDoneV2());
  return join(parts);
}

/** adbd's answer to flags it cannot honour, or null. */
function refusedFlags(flags: number): string | null {
  const known = SyncFlag.brotli | SyncFlag.lz4 | SyncFlag.zstd | SyncFlag.dryRun;
  if ((flags & ~known) !== 0) return `unknown flags: ${(flags >>> 0).toString(16)}`;
  if (flags & SyncFlag.lz4) return 'lz4 compression is not supported';
  if (flags & SyncFlag.zstd) return 'zstd compression is not supported';
  return null;
}

function compress(data: Uint8Array): Uint8Array {
  // Any quality decodes the same; a middling one keeps a multi-megabyte pull quick on a loaded machine.
  return brotliCompressSync(data, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
}

function decompress(data: Uint8Array): Uint8Array {
  return brotliDecompressSync(data, { maxOutputLength: MAX_DECOMPRESSED });
}

function join(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function hex(id: string): string {
  let value = 0;
  for (let i = 3; i >= 0; i--) value = (value << 8) | (id.charCodeAt(i) & 0xff);
  return (value >>> 0).toString(16).padStart(8, '0');
}
