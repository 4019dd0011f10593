// The `sync:` service wire format, version 1 (AOSP adb/SYNC.TXT, daemon file_sync_service):
// 8-byte messages `ID(4 ASCII) + u32 LE`, some followed by bytes. Pure: no I/O.
// The v2 replies (STA2/LST2/DNT2) are in sync-protocol-v2.ts.

export const SYNC_DATA_MAX = 64 * 1024;
/** adbd refuses longer request paths with "path too long". */
export const SYNC_PATH_MAX = 1024;

export type SyncId =
  'STAT' | 'LIST' | 'SEND' | 'RECV' | 'QUIT' | 'DATA' | 'DONE' | 'DENT' | 'OKAY' | 'FAIL' | 'STA2' | 'LST2' | 'LIS2';

const encoder = new TextEncoder();

function message(id: string, value: number, payload?: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + (payload?.length ?? 0));
  for (let i = 0; i < 4; i++) out[i] = id.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, value >>> 0, true);
  if (payload) out.set(payload, 8);
  return out;
}

/** Any 8-byte sync message with an optional trailing payload (requests from the host side, for tests and tools). */
export function encodeSyncMessage(id: SyncId, value: number, payload?: Uint8Array): Uint8Array {
  return message(id, value, payload);
}

/** A host request carrying a path: STAT, LIST, RECV, or SEND ("path,mode" with a decimal mode). */
export function encodeSyncRequest(
  id: 'STAT' | 'LIST' | 'RECV' | 'SEND' | 'STA2' | 'LST2' | 'LIS2',
  path: string,
): Uint8Array {
  const bytes = encoder.encode(path);
  return message(id, bytes.length, bytes);
}

/** STAT reply (lstat v1): id, mode, size, mtime; all zero when the path does not exist. */
export function encodeSyncStat(stat: { mode: number; size: number; mtime: number } | null): Uint8Array {
  const out = new Uint8Array(16);
  out.set(encoder.encode('STAT'));
  const view = new DataView(out.buffer);
  view.setUint32(4, (stat?.mode ?? 0) >>> 0, true);
  view.setUint32(8, (stat?.size ?? 0) >>> 0, true);
  view.setUint32(12, (stat?.mtime ?? 0) >>> 0, true);
  return out;
}

/** One LIST entry: DENT, mode, size, mtime, namelen, name. */
export function encodeSyncDent(entry: { name: string; mode: number; size: number; mtime: number }): Uint8Array {
  const name = encoder.encode(entry.name);
  const out = new Uint8Array(20 + name.length);
  out.set(encoder.encode('DENT'));
  const view = new DataView(out.buffer);
  view.setUint32(4, entry.mode >>> 0, true);
  view.setUint32(8, entry.size >>> 0, true);
  view.setUint32(12, entry.mtime >>> 0, true);
  view.setUint32(16, name.length, true);
  out.set(name, 20);
  return out;
}

/** LIST ends with a DONE the size of a dent (20 bytes): the client reads whole dents. */
export function encodeSyncListDone(): Uint8Array {
  const out = new Uint8Array(20);
  out.set(encoder.encode('DONE'));
  return out;
}

export function encodeSyncData(chunk: Uint8Array): Uint8Array {
  return message('DATA', chunk.length, chunk);
}

/** RECV ends with an 8-byte DONE. */
export function encodeSyncDone(): Uint8Array {
  return message('DONE', 0);
}

/** SEND succeeded. */
export function encodeSyncOkay(): Uint8Array {
  return message('OKAY', 0);
}

export function encodeSyncFail(reason: string): Uint8Array {
  const bytes = encoder.encode(reason);
  return message('FAIL', bytes.length, bytes);
}

/** Splits SEND's "path,mode" at the last comma; the mode is parsed like strtoul(…, 0) (decimal, 0x hex, 0 octal). */
export function parseSendTarget(spec: string): { path: string; mode: number } | { error: string } {
  const comma = spec.lastIndexOf(',');
  if (comma < 0) return { error: 'missing , in ID_SEND_V1' };
  const raw = spec.slice(comma + 1).trim();
  let mode: number;
  if (/^0x[0-9a-f]+$/i.test(raw)) mode = parseInt(raw.slice(2), 16);
  else if (/^0[0-7]*$/.test(raw)) mode = parseInt(raw, 8);
  else if (/^[1-9][0-9]*$/.test(raw)) mode = parseInt(raw, 10);
  else return { error: 'bad mode' };
  return { path: spec.slice(0, comma), mode };
}
