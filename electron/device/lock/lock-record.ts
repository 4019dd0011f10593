// The content of one device lock file, and the atomic file operations on it.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { OwnerSchema } from '../../../shared/receipts/owner';

export const LockRecordSchema = z.strictObject({
  version: z.literal(1),
  /** The device identity the lock is keyed by (electron/device/identity.ts). */
  device: z.string().min(1),
  /** The adb serial the holder reaches the device by. */
  serial: z.string().min(1),
  /** Random per acquisition: tells this holder's record apart from a later one of the same process. */
  lock_id: z.string().min(1),
  owner: OwnerSchema,
  /** /proc start time of the owner (clock ticks since boot), so a reused pid is not mistaken for the holder. */
  owner_start: z.string().nullable(),
  operation_id: z.string().min(1),
  acquired_at: z.iso.datetime({ offset: true }),
  /** While input of the operation has an unknown outcome, the device stays occupied until this time (epoch ms). */
  uncertain_until: z.int().nullable(),
  /** The holder let go, but an uncertain input keeps the lock until uncertain_until or resolution. */
  released: z.boolean(),
});
export type LockRecord = z.infer<typeof LockRecordSchema>;

export type ReadResult =
  { state: 'absent' } | { state: 'unreadable'; raw: string } | { state: 'ok'; record: LockRecord; raw: string };

export function readRecord(path: string): ReadResult {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' };
    throw error;
  }
  try {
    const parsed = LockRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { state: 'ok', record: parsed.data, raw } : { state: 'unreadable', raw };
  } catch {
    return { state: 'unreadable', raw };
  }
}

/** Writes a complete, fsync'd temporary file next to `path` and returns its name. */
function writeTemp(path: string, record: LockRecord): string {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(record));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temp;
}

/** Creates the lock file with its full content at once (link fails if it exists): false when someone holds it. */
export function createRecord(path: string, record: LockRecord): boolean {
  const temp = writeTemp(path, record);
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/** Replaces the holder's own record atomically (only the holder calls this, while it holds the lock). */
export function replaceRecord(path: string, record: LockRecord): void {
  renameSync(writeTemp(path, record), path);
}
