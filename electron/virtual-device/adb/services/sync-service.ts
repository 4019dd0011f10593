// `sync:` v1 on the virtual file system, following adbd's file_sync_service: STAT (lstat v1),
// LIST (with `.` and `..`, like readdir), SEND (parents created, adbd's mode rule, mtime from DONE),
// RECV (64 KiB DATA chunks), QUIT. Failures answer FAIL and end the session, as adbd does.

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
import { fsErrorText } from '../../fs/fs-error';

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
}

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
      try {
        fs.mkdir(posix.dirname(finished.path), 0o775, msg.value);
        fs.write(finished.path, join(finished.chunks), finished.mode, msg.value);
      } catch (error) {
        return fail(`couldn't create file: ${fsErrorText(error)}`);
      }
      await reply(encodeSyncOkay());
      return;
    }
    const path = decoder.decode(msg.payload);
    switch (msg.id) {
      case 'STAT':
        await reply(encodeSyncStat(fs.stat(path)));
        return;
      case 'LIST':
        await reply(listing(fs, path));
        return;
      case 'RECV':
        return recv(path);
      case 'SEND':
        return send(path);
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
    // Copy the user bits to group and other, like adbd (the sdcard FUSE layer masks them later).
    let mode = target.mode & 0o777;
    mode |= (mode >> 3) & 0o070;
    mode |= (mode >> 3) & 0o007;
    const existing = fs.stat(target.path);
    const failed = existing !== null && (existing.mode & S_IFMT) === S_IFDIR;
    upload = { path: target.path, mode: S_IFREG | mode, chunks: [], failed };
    if (failed) {
      await reply(encodeSyncFail("couldn't create file: Is a directory"));
    }
  };

  const recv = async (path: string): Promise<void> => {
    const stat = fs.stat(path);
    if (!stat) return fail('open failed: No such file or directory');
    if ((stat.mode & S_IFMT) === S_IFDIR) return fail('read failed: Is a directory');
    const data = fs.read(path) ?? new Uint8Array(0);
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

function listing(fs: VirtualFileSystem, path: string): Uint8Array {
  const parts: Uint8Array[] = [];
  const entries = fs.list(path);
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
