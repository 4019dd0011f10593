// Files the renderer composed with the overlay drawn on (a screenshot, a re-encoded recording): main draws no UI,
// so the renderer hands the finished bytes over in chunks (each under the bridge's frame limit) and main writes
// them like every export: into a hidden partial file renamed into place only once the last chunk arrived.
import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeviceLayerError } from '../../adb/errors';

export class ComposedSaves {
  /** Bytes received so far per file name being written. */
  private readonly partial = new Map<string, number>();

  constructor(private readonly exportsDir: string) {}

  /** Offset 0 starts (or restarts) the file; each later chunk must follow the bytes already written. */
  write(
    name: string,
    offset: number,
    data: Uint8Array,
    done: boolean,
  ): { received: number; saved: { name: string; path: string; size: number } | null } {
    const tmp = join(this.exportsDir, `.${name}.part`);
    if (offset === 0) {
      mkdirSync(this.exportsDir, { recursive: true });
      writeFileSync(tmp, data);
    } else {
      const had = this.partial.get(name);
      if (had !== offset)
        throw new DeviceLayerError(
          'INVALID_ARGUMENT',
          `${name}: chunk at ${offset} but ${had ?? 0} bytes were written (start again at 0)`,
        );
      appendFileSync(tmp, data);
    }
    const received = offset + data.byteLength;
    if (!done) {
      this.partial.set(name, received);
      return { received, saved: null };
    }
    this.partial.delete(name);
    const path = join(this.exportsDir, name);
    try {
      renameSync(tmp, path);
    } catch (error) {
      rmSync(tmp, { force: true });
      throw error;
    }
    return { received, saved: { name, path, size: received } };
  }
}
