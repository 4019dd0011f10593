// Writing a secret (a bridge token) to a path the owner names. The file is created new, exclusively, without
// following a link, with mode 0600 already on the open() that creates it, so no byte is ever readable by
// another user and a symlink planted at the path (pointing at ~/.bashrc, say) is refused rather than followed,
// overwritten and chmod'ed. A regular file already there (the previous run's token) is unlinked first: the
// unlink removes the name, never a link's target, and a link raced in after it makes O_EXCL fail.
import { closeSync, constants, lstatSync, openSync, unlinkSync, writeSync } from 'node:fs';

export class SecretFileRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretFileRefused';
  }
}

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export function writeSecretFile(path: string, content: string): void {
  let existing = null;
  try {
    existing = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new SecretFileRefused(`cannot look at ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  if (existing?.isSymbolicLink())
    throw new SecretFileRefused(
      `${path} is a symbolic link: a token is never written through a link (remove it or name another file)`,
    );
  if (existing && !existing.isFile()) throw new SecretFileRefused(`${path} exists and is not a regular file`);
  if (existing) unlinkSync(path);
  let fd: number;
  try {
    fd = openSync(path, CREATE, 0o600);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP')
      throw new SecretFileRefused(
        `${path} appeared while the token was being written (EEXIST): refusing to write through it`,
      );
    throw new SecretFileRefused(`cannot create ${path}: ${code ?? String(e)}`);
  }
  try {
    const bytes = Buffer.from(content, 'utf8');
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
  } finally {
    closeSync(fd);
  }
}
