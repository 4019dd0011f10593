// The pending index: one small file per operation whose intent is written and whose receipt is not, under
// <journal>/pending. It lets recovery find unfinished operations by listing one directory instead of reading
// the journal. Written BEFORE the intent line (so an intent never exists without its marker) and removed
// after the receipt line. Recovery claims a marker by renaming it (atomic: one claimer wins), naming itself
// in the new name so a recoverer that dies mid-way is itself recovered from.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { toFileName } from '../user-data/file-names';
import { IntentRecordSchema } from './records';

export const PendingMarkerSchema = z.strictObject({
  intent: IntentRecordSchema,
  /** The arguments as the receipt stores them (capped), so a recovered receipt still says what was asked. */
  args: z.unknown(),
  /** The journal file the intent goes to and its size before (recovery reads the journal from there on). */
  journal_file: z.string().min(1),
  journal_offset: z.int().min(0),
});
export type PendingMarker = z.infer<typeof PendingMarkerSchema>;

const MARKER = /^(.+)\.json$/;
const CLAIMED = /^(.+)\.json\.recovering-(\d+)-([0-9a-z]+)$/;
/** A marker being written; its writer is named so a dead writer's leftover can be removed. */
const TEMP = /^\.tmp-(\d+)-([0-9a-z]+)-[0-9a-f]+$/;

export type PendingEntry =
  | { kind: 'marker'; name: string; operationFile: string }
  | { kind: 'claimed'; name: string; operationFile: string; pid: number; start: string | null }
  /** A writer died before its marker was complete: no intent, so no input; only the file is left. */
  | { kind: 'temp'; name: string; pid: number; start: string | null };

export class PendingIndex {
  constructor(readonly dir: string) {}

  private path(operationId: string): string {
    return join(this.dir, `${toFileName(operationId)}.json`);
  }

  /** Writes the marker completely (temp file, fsync, rename) so a reader never sees half of it. */
  add(marker: PendingMarker, self: { pid: number; start: string | null }): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temp = join(this.dir, `.tmp-${self.pid}-${self.start ?? 'x'}-${randomBytes(6).toString('hex')}`);
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, JSON.stringify(marker));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.path(marker.intent.operation_id));
  }

  remove(operationId: string): void {
    unlinkIfPresent(this.path(operationId));
  }

  list(): PendingEntry[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const out: PendingEntry[] = [];
    for (const name of names) {
      const temp = TEMP.exec(name);
      if (temp) {
        out.push({ kind: 'temp', name, pid: Number(temp[1]), start: temp[2] === 'x' ? null : temp[2]! });
        continue;
      }
      const claimed = CLAIMED.exec(name);
      if (claimed) {
        out.push({
          kind: 'claimed',
          name,
          operationFile: claimed[1]!,
          pid: Number(claimed[2]),
          start: claimed[3] === 'x' ? null : claimed[3]!,
        });
        continue;
      }
      const marker = MARKER.exec(name);
      if (marker && !name.startsWith('.')) out.push({ kind: 'marker', name, operationFile: marker[1]! });
    }
    return out;
  }

  /** Renames the entry to a name that says this process recovers it; null if another process took it first. */
  claim(entry: Exclude<PendingEntry, { kind: 'temp' }>, self: { pid: number; start: string | null }): string | null {
    const claimedName = `${entry.operationFile}.json.recovering-${self.pid}-${self.start ?? 'x'}`;
    try {
      renameSync(join(this.dir, entry.name), join(this.dir, claimedName));
      return claimedName;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** The marker's content; null when unreadable (a marker is written whole, so only tampering gets here). */
  read(name: string): PendingMarker | null {
    try {
      const parsed = PendingMarkerSchema.safeParse(JSON.parse(readFileSync(join(this.dir, name), 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  drop(name: string): void {
    unlinkIfPresent(join(this.dir, name));
  }
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
