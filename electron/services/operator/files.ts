// The file browser's listing: adb's sync LIST (what `adb ls` uses), so names with spaces and sizes come
// exact, without parsing `ls -l` output that differs between toybox versions.
import type { FileEntry } from '../../../shared/ipc';
import { DeviceLayerError } from '../../adb/errors';
import type { DeviceSession } from '../../device/session';

const S_IFMT = 0o170000;
const TYPES: Record<number, FileEntry['type']> = { 0o100000: 'file', 0o040000: 'directory', 0o120000: 'link' };

export async function listFiles(session: DeviceSession, path: string): Promise<{ path: string; entries: FileEntry[] }> {
  const device = session.adb.client.getDevice(session.serial);
  const st = await device.stat(path).catch(() => null);
  if (!st || !st.isDirectory())
    throw new DeviceLayerError('NOT_FOUND', `${path} is not a directory on ${session.serial}`);
  const raw = await device.readdir(path);
  const entries = raw
    .filter((e) => e.name !== '.' && e.name !== '..' && !e.name.endsWith('.tactile-partial'))
    .map((e) => ({ name: e.name, type: TYPES[e.mode & S_IFMT] ?? 'other', size: e.size, mtime: mtimeSeconds(e.mtime) }))
    .sort((a, b) => Number(b.type === 'directory') - Number(a.type === 'directory') || a.name.localeCompare(b.name));
  return { path, entries };
}

/** adbkit gives a Date built from the sync entry's seconds; a missing one is 0 (the epoch), as `ls` would print. */
function mtimeSeconds(mtime: unknown): number {
  const ms = mtime instanceof Date ? mtime.getTime() : Number(mtime) * 1000;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}
