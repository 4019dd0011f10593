import { describe, expect, it } from 'vitest';
import { createAndroidFileSystem, DEFAULT_SYSTEM_BINARIES } from './android-tree';
import { FsError, fsErrorText } from './fs-error';
import { MemoryFileSystem, S_IFDIR, S_IFREG } from './memory-file-system';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('MemoryFileSystem', () => {
  it('stores files with mode and mtime and lists directories sorted', () => {
    const fs = new MemoryFileSystem({ now: () => 100 });
    fs.mkdir('/a/b', 0o755, 50);
    fs.write('/a/b/z.txt', bytes('zz'), 0o644, 123);
    fs.write('/a/b/y.bin', bytes('y'), S_IFREG | 0o600, 124);
    expect(fs.stat('/a/b/z.txt')).toEqual({ mode: S_IFREG | 0o644, size: 2, mtime: 123, uid: 0, gid: 0 });
    expect(fs.stat('/a/b/')).toEqual({ mode: S_IFDIR | 0o755, size: 4096, mtime: 124, uid: 0, gid: 0 });
    expect(fs.list('/a/b')!.map((e) => [e.name, e.mode, e.size])).toEqual([
      ['y.bin', S_IFREG | 0o600, 1],
      ['z.txt', S_IFREG | 0o644, 2],
    ]);
    expect(new TextDecoder().decode(fs.read('/a/./b/../b/z.txt')!)).toBe('zz');
    expect(fs.list('/a/b/z.txt')).toBeNull();
    expect(fs.read('/a/b')).toBeNull();
    expect(fs.stat('relative')).toBeNull();
  });

  it('fails like POSIX: missing parent, file in the way, directory as file', () => {
    const fs = new MemoryFileSystem();
    fs.write('/f', bytes('x'), 0o644, 1);
    const code = (fn: () => void) => {
      try {
        fn();
      } catch (error) {
        return error instanceof FsError ? error.code : 'other';
      }
      return 'none';
    };
    expect(code(() => fs.write('/missing/f', bytes(''), 0o644, 1))).toBe('ENOENT');
    expect(code(() => fs.write('/f/g', bytes(''), 0o644, 1))).toBe('ENOTDIR');
    expect(code(() => fs.mkdir('/f/g', 0o755))).toBe('ENOTDIR');
    fs.mkdir('/d', 0o755);
    expect(code(() => fs.write('/d', bytes(''), 0o644, 1))).toBe('EISDIR');
    expect(fsErrorText(new FsError('ENOENT', '/x'))).toBe('No such file or directory');
  });

  it('removes files and whole directories, never the root', () => {
    const fs = new MemoryFileSystem();
    fs.mkdir('/d/e', 0o755);
    fs.write('/d/e/f', bytes('x'), 0o644, 1);
    expect(fs.remove('/d/e/f')).toBe(true);
    expect(fs.remove('/d/e/f')).toBe(false);
    expect(fs.remove('/d')).toBe(true);
    expect(fs.stat('/d/e')).toBeNull();
    expect(() => fs.remove('/')).toThrow('Operation not permitted');
  });

  it("checks owner, group and other bits for the caller; root passes them; new entries are the caller's", () => {
    const fs = new MemoryFileSystem({ now: () => 7 });
    fs.mkdir('/mine', 0o771);
    fs.chown('/mine', 2000, 2000);
    fs.mkdir('/private', 0o700);
    fs.chown('/private', 10_042, 10_042);
    fs.write('/private/secret', bytes('s'), 0o600, 1);
    fs.setCredentials(() => ({ uid: 2000, gids: [2000, 1015] }));
    fs.write('/mine/f', bytes('x'), 0o644, 1);
    expect(fs.stat('/mine/f')).toMatchObject({ uid: 2000, gid: 2000 });
    expect(() => fs.write('/new', bytes(''), 0o644, 1)).toThrow('Permission denied');
    expect(() => fs.mkdir('/private/d', 0o755)).toThrow('Permission denied');
    expect(() => fs.read('/private/secret')).toThrow('Permission denied');
    expect(() => fs.list('/private')).toThrow('Permission denied');
    expect(fs.stat('/private/secret')).toBeNull();
    expect(fs.errorOf('/private/secret')).toBe('EACCES');
    expect(fs.errorOf('/mine/none')).toBe('ENOENT');
    expect(() => fs.chmod('/private', 0o777)).toThrow('Operation not permitted');
    fs.chmod('/mine/f', 0o600);
    expect(fs.stat('/mine/f')!.mode).toBe(S_IFREG | 0o600);
    expect(fs.privileged(() => new TextDecoder().decode(fs.read('/private/secret')!))).toBe('s');
    fs.setCredentials(() => ({ uid: 0, gids: [0] }));
    expect(fs.list('/private')!.map((e) => e.name)).toEqual(['secret']);
  });
});

describe('createAndroidFileSystem', () => {
  it('has shared storage, /data/local/tmp and a read-only /system/bin with the tools', () => {
    const fs = createAndroidFileSystem({ now: () => 1000 });
    for (const dir of ['/sdcard', '/sdcard/Download', '/data/local/tmp', '/system/bin']) {
      expect(fs.stat(dir)!.mode & S_IFDIR).toBe(S_IFDIR);
    }
    expect(fs.list('/system/bin')!.map((e) => e.name)).toEqual([...DEFAULT_SYSTEM_BINARIES].sort());
    expect(fs.stat('/system/bin/sh')!.mode).toBe(S_IFREG | 0o755);
    expect(() => fs.write('/system/bin/evil', bytes('x'), 0o755, 1)).toThrow('Read-only file system');
    expect(() => fs.remove('/system/bin/sh')).toThrow('Read-only file system');
    // The root is the read-only system partition; /data is writable only where the shell user may write.
    expect(() => fs.mkdir('/nonexist', 0o755)).toThrow('Read-only file system');
    fs.setCredentials(() => ({ uid: 2000, gids: [2000, 1015] }));
    fs.write('/data/local/tmp/ok', bytes('x'), 0o644, 1);
    expect(fs.stat('/data/local/tmp/ok')).toMatchObject({ size: 1, uid: 2000, gid: 2000 });
    expect(() => fs.write('/data/x', bytes('x'), 0o644, 1)).toThrow('Permission denied');
    expect(() => fs.list('/data')).toThrow('Permission denied');
    fs.write('/sdcard/Download/a.txt', bytes('x'), 0o644, 1);
    expect(fs.stat('/sdcard/Download/a.txt')).toMatchObject({ mode: S_IFREG | 0o664, uid: 0, gid: 1015 });
    expect(fs.list('/sys/devices/system/cpu')!.map((e) => e.name)).toEqual(
      expect.arrayContaining(['cpu0', 'cpu7', 'online', 'possible']),
    );
  });
});
