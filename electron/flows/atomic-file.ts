// Crash-safe file writes: the content goes to a hidden temporary file in the same directory, is fsynced, then
// takes the final name in one step (rename to replace, link to create without overwriting), and the directory
// is fsynced so the new name itself survives a power cut. A reader (or a process killed at any instant) sees the
// old file or the new one, never a mix; at worst a `.…tmp` file is left behind, which listings skip.
import { randomBytes } from 'node:crypto';
import { link, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Hidden temporary files of unfinished writes (dot first, so listings skip them). */
export const TEMP_SUFFIX = '.tmp';

function tempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
}

async function writeSynced(path: string, text: string): Promise<void> {
  const file = await open(path, 'wx', 0o644);
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
}

export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces (or creates) `path` with `text` atomically. */
export async function replaceFileAtomic(path: string, text: string): Promise<void> {
  const temp = tempPath(path);
  try {
    await writeSynced(temp, text);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(dirname(path));
}

/** Creates `path` with `text` atomically; false (nothing written) when `path` already exists. */
export async function createFileAtomic(path: string, text: string): Promise<boolean> {
  const temp = tempPath(path);
  try {
    await writeSynced(temp, text);
    try {
      await link(temp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  } finally {
    await rm(temp, { force: true });
  }
  await syncDir(dirname(path));
  return true;
}
