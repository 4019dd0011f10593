// Where saved files go: <data dir>/exports, written atomically (a hidden temporary file renamed into place),
// so a cancelled or failed save never leaves a partial file. The renderer also offers each one as a download.
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export { exportName, fileTime } from '../../../shared/capture/export-name';

export interface SavedFile {
  name: string;
  path: string;
  size: number;
  data: Uint8Array;
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
