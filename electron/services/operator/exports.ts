// Where saved files go: <data dir>/exports, written atomically (a hidden temporary file renamed into place),
// so a cancelled or failed save never leaves a partial file. The renderer also offers each one as a download.
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SavedFile {
  name: string;
  path: string;
  size: number;
  data: Uint8Array;
}

/** A file name from parts (model, serial, time…): unsafe characters become "_". */
export function exportName(parts: string[], ext: string): string {
  return `${parts.map((p) => p.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_+|_+$/g, '')).filter((p) => p !== '').join('_')}.${ext}`;
}

/** UTC time as 20261201-091500 (sorts by time, valid on every file system). */
export function fileTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export function saveExport(dir: string, name: string, data: Uint8Array): SavedFile {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  const tmp = join(dir, `.${name}.${randomUUID()}.part`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
  return { name, path, size: data.byteLength, data };
}
