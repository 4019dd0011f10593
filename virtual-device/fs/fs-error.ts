// errno-style failures of the virtual file system, worded like bionic's strerror so that the
// shell and sync services can print what Android prints.

export type FsErrorCode =
  'ENOENT' | 'ENOTDIR' | 'EISDIR' | 'EROFS' | 'EEXIST' | 'EINVAL' | 'EACCES' | 'EPERM' | 'ENOTEMPTY';

const MESSAGES: Record<FsErrorCode, string> = {
  ENOENT: 'No such file or directory',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EROFS: 'Read-only file system',
  EEXIST: 'File exists',
  EINVAL: 'Invalid argument',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  ENOTEMPTY: 'Directory not empty',
};

export class FsError extends Error {
  override readonly name = 'FsError';
  constructor(
    readonly code: FsErrorCode,
    readonly path: string,
  ) {
    super(`${path}: ${MESSAGES[code]}`);
  }
}

/** strerror(code). */
export const errnoText = (code: FsErrorCode): string => MESSAGES[code];

/** The strerror text of an FsError ("No such file or directory"), or the message of anything else. */
export function fsErrorText(error: unknown): string {
  if (error instanceof FsError) return MESSAGES[error.code];
  return error instanceof Error ? error.message : String(error);
}
