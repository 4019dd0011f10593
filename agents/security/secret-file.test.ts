// Token files: created new with 0600 on the creating open(), a symlink at the path refused (its target untouched),
// a previous regular file replaced by a new inode.
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretFileRefused, writeSecretFile } from './secret-file';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'tactile-secret-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('writeSecretFile', () => {
  it('creates the file with mode 0600 (whatever the umask allows more)', () => {
    const file = join(dir, 'token');
    const old = process.umask(0o000);
    try {
      writeSecretFile(file, 'tactile_bridge_x\n');
    } finally {
      process.umask(old);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('tactile_bridge_x\n');
  });

  it('refuses a symlink at the path and leaves its target as it was', () => {
    const target = join(dir, 'bashrc');
    writeFileSync(target, 'export PATH\n');
    chmodSync(target, 0o644);
    const link = join(dir, 'token');
    symlinkSync(target, link);
    expect(() => writeSecretFile(link, 'secret\n')).toThrow(SecretFileRefused);
    expect(readFileSync(target, 'utf8')).toBe('export PATH\n');
    expect(statSync(target).mode & 0o777).toBe(0o644);
    // A dangling link too: O_CREAT would otherwise create its target.
    const dangling = join(dir, 'dangling');
    symlinkSync(join(dir, 'nowhere'), dangling);
    expect(() => writeSecretFile(dangling, 'secret\n')).toThrow(/symbolic link/);
    expect(() => statSync(join(dir, 'nowhere'))).toThrow();
  });

  it('replaces a previous token file with a new 0600 file (not the old file and its mode)', () => {
    const file = join(dir, 'token');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o644);
    writeSecretFile(file, 'new\n');
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
