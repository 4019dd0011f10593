// Cancelled operation ids, persisted under the lock directory so a cancel from any client on this machine
// blocks a late dispatch of that operation in any other. Operation ids are UUIDs: one flat directory.
import { mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toFileName } from '../../user-data/file-names';

/** Entries older than this are pruned on the next cancel: no operation lives that long. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

/** Pruning reads the whole directory: at most this often per process, so a burst of cancels stays O(1) each. */
const PRUNE_EVERY_MS = 60_000;

export class Cancellations {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly dir: string) {}

  cancel(operationId: string, now: number = Date.now()): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(this.dir, toFileName(operationId)),
      JSON.stringify({ operation_id: operationId, cancelled_at: new Date(now).toISOString() }),
    );
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    for (const name of readdirSync(this.dir)) {
      const path = join(this.dir, name);
      try {
        if (now - statSync(path).mtimeMs > KEEP_MS) unlinkSync(path);
      } catch {
        // Pruned concurrently by another client: nothing to do.
      }
    }
  }

  isCancelled(operationId: string): boolean {
    try {
      statSync(join(this.dir, toFileName(operationId)));
      return true;
    } catch {
      return false;
    }
  }
}
