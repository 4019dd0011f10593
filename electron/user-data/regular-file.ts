// Reading a file named by a client (flows.import by path, the library's own *.json files): only a regular file,
// only up to a size cap, never through a symbolic link, and never blocking. A path may name /dev/zero (endless),
// a FIFO (open and read block the libuv thread pool: four of them froze every file operation of the console),
// or a symlink to a file the owner never meant to hand over. So: lstat first (nothing that is not a regular
// file is even opened), then open with O_NOFOLLOW | O_NONBLOCK where the platform has them, check the opened
// file is the one lstat saw, and read at most cap + 1 bytes. Refusals say what the path is and what was
// expected, never any of its content.
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import type { Stats } from 'node:fs';

export class FileRefused extends Error {
  constructor(
    /** NOT_FOUND: nothing there (or not readable); INVALID_ARGUMENT: there, but not what may be read. */
    readonly code: 'NOT_FOUND' | 'INVALID_ARGUMENT',
    message: string,
    /** The system's error code when the file could not be looked at or opened (ENOENT, EACCES…). */
    readonly errno: string | null = null,
  ) {
    super(message);
    this.name = 'FileRefused';
  }
}

/** What a non-regular file is, in words. */
function kindOf(s: Stats): string {
  if (s.isSymbolicLink()) return 'a symbolic link';
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

// 0 where the platform has no such flag (O_NOFOLLOW / O_NONBLOCK do not exist on Windows): lstat still refuses.
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * The bytes of the regular file at `path`, at most `maxBytes`. `what` names the expected content in refusals
 * ("a flow file (tactile.flow/1 JSON)").
 */
export async function readRegularFile(path: string, maxBytes: number, what: string): Promise<Buffer> {
  let seen: Stats;
  try {
    seen = await lstat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? null;
    throw new FileRefused('NOT_FOUND', `Cannot read ${path} (${code ?? 'error'}): expected ${what}.`, code);
  }
  const refuse = (s: Stats) =>
    new FileRefused(
      'INVALID_ARGUMENT',
      `${path} is ${kindOf(s)}: expected ${what}, a regular file${s.isSymbolicLink() ? ' (links are not followed: name the file itself)' : ''}.`,
    );
  if (!seen.isFile()) throw refuse(seen);
  const tooLarge = (size: number) =>
    new FileRefused('INVALID_ARGUMENT', `${path} is ${size} bytes: expected ${what} of at most ${maxBytes} bytes.`);
  if (seen.size > maxBytes) throw tooLarge(seen.size);
  let handle;
  try {
    handle = await open(path, FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // ELOOP: replaced by a symlink since lstat.
    if (code === 'ELOOP')
      throw new FileRefused(
        'INVALID_ARGUMENT',
        `${path} is a symbolic link: expected ${what}, a regular file (links are not followed: name the file itself).`,
      );
    throw new FileRefused('NOT_FOUND', `Cannot read ${path} (${code ?? 'error'}): expected ${what}.`, code ?? null);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw refuse(opened);
    // Swapped for another file since lstat: judge that one by what was checked, not what is there now.
    if (opened.ino !== seen.ino || opened.dev !== seen.dev)
      throw new FileRefused(
        'INVALID_ARGUMENT',
        `${path} changed while it was being opened: expected ${what}; try again.`,
      );
    // One byte more than stat says: a file that grew since is read on, up to one byte past the cap.
    let buffer = Buffer.alloc(Math.min(maxBytes, opened.size) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw tooLarge(length);
      if (length === buffer.length)
        buffer = Buffer.concat([buffer, Buffer.alloc(Math.min(buffer.length, maxBytes + 1 - buffer.length))]);
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** The file as UTF-8 text (a byte order mark dropped); bytes that are not UTF-8 are refused. */
export async function readRegularTextFile(path: string, maxBytes: number, what: string): Promise<string> {
  const bytes = await readRegularFile(path, maxBytes, what);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FileRefused('INVALID_ARGUMENT', `${path} is not UTF-8 text: expected ${what}.`);
  }
}
