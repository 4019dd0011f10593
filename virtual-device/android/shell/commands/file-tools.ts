// toybox's everyday file tools over the device's file system, with its messages (`mkdir: '/x': Read-only file
// system`, `cp: /x: Permission denied`): mkdir [-p] [-m MODE], rmdir, touch, cp [-rRpf], mv, rm [-rfd], chmod
// [-R] MODE, chown [-R] USER[:GROUP], stat [-c FORMAT]. adbd starts its shells with umask 0, so what they
// create is 0666 / 0777 unless a mode says otherwise.
import { posix } from 'node:path';
import type { VirtualFileStat, VirtualFileSystem } from '../../../device-services';
import { FsError, errnoText, type FsErrorCode } from '../../../fs/fs-error';
import { idOfName, userName } from '../../process-list';
import type { Command, CommandContext } from '../context';
import { applyModeSpec, modeString } from './file-modes';

export const NEW_FILE_MODE = 0o666;
const NEW_DIR_MODE = 0o777;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const isDir = (st: VirtualFileStat | null) => st !== null && (st.mode & S_IFMT) === S_IFDIR;
const now = (ctx: CommandContext) => Math.floor(ctx.android.clock() / 1000);

/** Splits `-abc` style flags (up to `--`) from operands; `valued` flags take the next word. */
function options(
  argv: readonly string[],
  valued = '',
): { flags: Set<string>; values: Map<string, string>; operands: string[] } {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const operands: string[] = [];
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-' || /^-[0-7]+$/.test(a)) break;
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if (valued.includes(c)) {
        values.set(c, a.slice(j + 1) || argv[++i] || '');
        break;
      }
      flags.add(c);
    }
  }
  operands.push(...argv.slice(i));
  return { flags, values, operands };
}

/** The errno of an FsError (or of a path that cannot be stat'ed). */
const code = (e: unknown): FsErrorCode => (e instanceof FsError ? e.code : 'EINVAL');

export const mkdir: Command = async (ctx) => {
  const { flags, values, operands } = options(ctx.argv, 'm');
  if (operands.length === 0) {
    await ctx.err('mkdir: Needs 1 argument\n');
    return 1;
  }
  const fs = ctx.android.fs;
  const mode = values.has('m') ? applyModeSpec(values.get('m')!, NEW_DIR_MODE, true) : NEW_DIR_MODE;
  if (mode === null) {
    await ctx.err(`mkdir: bad mode '${values.get('m')}'\n`);
    return 1;
  }
  let status = 0;
  for (const dir of operands) {
    try {
      const st = fs.stat(dir);
      if (st && (!flags.has('p') || !isDir(st))) throw new FsError('EEXIST', dir);
      if (!flags.has('p')) {
        // Without -p the parent must exist: mkdir(2) answers ENOENT / ENOTDIR.
        const parent = posix.dirname(dir);
        if (!fs.stat(parent)) throw new FsError(fs.errorOf(parent) ?? 'ENOENT', dir);
        if (!isDir(fs.stat(parent))) throw new FsError('ENOTDIR', dir);
      }
      fs.mkdir(dir, mode, now(ctx));
      if (flags.has('v')) await ctx.err(`mkdir: created directory '${dir}'\n`);
    } catch (e) {
      await ctx.err(`mkdir: '${dir}': ${errnoText(code(e))}\n`);
      status = 1;
    }
  }
  return status;
};

export const rmdir: Command = async (ctx) => {
  const { operands } = options(ctx.argv);
  let status = 0;
  for (const dir of operands) {
    const fs = ctx.android.fs;
    try {
      const st = fs.stat(dir);
      if (!st) throw new FsError(fs.errorOf(dir) ?? 'ENOENT', dir);
      if (!isDir(st)) throw new FsError('ENOTDIR', dir);
      if ((fs.list(dir) ?? []).length > 0) throw new FsError('ENOTEMPTY', dir);
      fs.remove(dir);
    } catch (e) {
      await ctx.err(`rmdir: '${dir}': ${errnoText(code(e))}\n`);
      status = 1;
    }
  }
  return status;
};

export const touch: Command = async (ctx) => {
  const { flags, operands } = options(ctx.argv, 'dtr');
  if (operands.length === 0) {
    await ctx.err('touch: Needs 1 argument\n');
    return 1;
  }
  const fs = ctx.android.fs;
  let status = 0;
  for (const file of operands) {
    try {
      if (fs.stat(file)) fs.touch(file, now(ctx));
      else if (!flags.has('c')) fs.write(file, new Uint8Array(), NEW_FILE_MODE, now(ctx));
    } catch (e) {
      await ctx.err(`touch: '${file}': ${errnoText(code(e))}\n`);
      status = 1;
    }
  }
  return status;
};

/** Copies `src` to `dst` (a tree with -r); throws FsError with the path that failed. */
function copy(fs: VirtualFileSystem, src: string, dst: string, recursive: boolean, keep: boolean, mtime: number): void {
  const st = fs.stat(src);
  if (!st) throw new FsError(fs.errorOf(src) ?? 'ENOENT', src);
  if (isDir(st)) {
    if (!recursive) throw new FsError('EISDIR', src);
    if (!fs.stat(dst)) fs.mkdir(dst, st.mode & 0o7777, keep ? st.mtime : mtime);
    for (const e of fs.list(src) ?? []) copy(fs, posix.join(src, e.name), posix.join(dst, e.name), true, keep, mtime);
    return;
  }
  const data = fs.read(src);
  if (!data) throw new FsError('ENOENT', src);
  fs.write(dst, data, st.mode & 0o7777, keep ? st.mtime : mtime);
}

/** Where SRC goes for `cp|mv SRC… DST`: into DST when it is a directory. */
function target(fs: VirtualFileSystem, src: string, dst: string): string {
  return isDir(fs.stat(dst)) ? posix.join(dst, posix.basename(src)) : dst;
}

export const cp: Command = async (ctx) => {
  const { flags, operands } = options(ctx.argv);
  if (operands.length < 2) {
    await ctx.err(`cp: Needs 2 arguments\n`);
    return 1;
  }
  const fs = ctx.android.fs;
  const dst = operands.pop()!;
  if (operands.length > 1 && !isDir(fs.stat(dst))) {
    await ctx.err(`cp: '${dst}' not directory\n`);
    return 1;
  }
  let status = 0;
  for (const src of operands) {
    try {
      copy(
        fs,
        src,
        target(fs, src, dst),
        flags.has('r') || flags.has('R') || flags.has('a'),
        flags.has('p') || flags.has('a'),
        now(ctx),
      );
    } catch (e) {
      const path = e instanceof FsError ? e.path : src;
      await ctx.err(
        code(e) === 'EISDIR' && path === src ? `cp: Skipped dir '${src}'\n` : `cp: ${path}: ${errnoText(code(e))}\n`,
      );
      status = 1;
    }
  }
  return status;
};

/** `mv SRC… DST`: a rename within the device's file system (files and whole trees). */
export const mv: Command = async (ctx) => {
  const { operands } = options(ctx.argv);
  if (operands.length < 2) {
    await ctx.err('mv: Needs 2 arguments\n');
    return 1;
  }
  const fs = ctx.android.fs;
  const dst = operands.pop()!;
  let status = 0;
  for (const src of operands) {
    try {
      const to = target(fs, src, dst);
      copy(fs, src, to, true, true, now(ctx));
      fs.remove(src);
    } catch (e) {
      await ctx.err(`mv: ${e instanceof FsError ? e.path : src}: ${errnoText(code(e))}\n`);
      status = 1;
    }
  }
  return status;
};

export const rm: Command = async (ctx) => {
  const { flags, operands } = options(ctx.argv);
  const fs = ctx.android.fs;
  let status = 0;
  for (const path of operands) {
    try {
      const st = fs.stat(path);
      if (!st) {
        if (flags.has('f') && fs.errorOf(path) === 'ENOENT') continue;
        throw new FsError(fs.errorOf(path) ?? 'ENOENT', path);
      }
      if (isDir(st) && !flags.has('r') && !flags.has('R')) {
        if (!flags.has('d') || (fs.list(path) ?? []).length > 0)
          throw new FsError(flags.has('d') ? 'ENOTEMPTY' : 'EISDIR', path);
      }
      fs.remove(path);
    } catch (e) {
      await ctx.err(`rm: ${path}: ${errnoText(code(e))}\n`);
      status = 1;
    }
  }
  return status;
};

function walk(fs: VirtualFileSystem, path: string, recursive: boolean, visit: (p: string) => void): void {
  visit(path);
  if (!recursive || !isDir(fs.stat(path))) return;
  for (const e of fs.list(path) ?? []) walk(fs, posix.join(path, e.name), true, visit);
}

export const chmod: Command = async (ctx) => {
  const { flags, operands } = options(ctx.argv);
  const [spec, ...paths] = operands;
  if (spec === undefined || paths.length === 0) {
    await ctx.err('chmod: Needs 2 arguments\n');
    return 1;
  }
  const fs = ctx.android.fs;
  let status = 0;
  for (const path of paths) {
    try {
      walk(fs, path, flags.has('R'), (p) => {
        const st = fs.stat(p);
        if (!st) throw new FsError(fs.errorOf(p) ?? 'ENOENT', p);
        const mode = applyModeSpec(spec, st.mode, isDir(st));
        if (mode === null) throw new FsError('EINVAL', spec);
        fs.chmod(p, mode);
      });
    } catch (e) {
      if (code(e) === 'EINVAL') {
        await ctx.err(`chmod: bad mode '${spec}'\n`);
        return 1;
      }
      await ctx.err(`chmod: ${e instanceof FsError ? e.path : path}: ${errnoText(code(e))}\n`);
      status = 1;
    }
  }
  return status;
};

export const chown: Command = async (ctx) => {
  const { flags, operands } = options(ctx.argv);
  const [spec, ...paths] = operands;
  if (spec === undefined || paths.length === 0) {
    await ctx.err('chown: Needs 2 arguments\n');
    return 1;
  }
  const [owner, group] = spec.split(/[:.]/);
  const uid = owner ? idOfName(owner) : null;
  const gid = group ? idOfName(group) : null;
  if ((owner && uid === null) || (group && gid === null)) {
    await ctx.err(
      `chown: bad ${owner && uid === null ? 'user' : 'group'} '${owner && uid === null ? owner : group}'\n`,
    );
    return 1;
  }
  const fs = ctx.android.fs;
  let status = 0;
  for (const path of paths) {
    try {
      walk(fs, path, flags.has('R'), (p) => {
        const st = fs.stat(p);
        if (!st) throw new FsError(fs.errorOf(p) ?? 'ENOENT', p);
        fs.chown(p, uid ?? st.uid, gid ?? st.gid);
      });
    } catch (e) {
      await ctx.err(`chown: ${e instanceof FsError ? e.path : path}: ${errnoText(code(e))}\n`);
      status = 1;
    }
  }
  return status;
};

const p2 = (n: number) => String(n).padStart(2, '0');
/** stat's `%y`: `2025-11-30 00:00:00.000000000 +0000` (the device's UTC). */
function statTime(t: number): string {
  const d = new Date(t * 1000);
  return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.000000000 +0000`;
}

/** The inode: a stable hash of the path, the one sync's STA2 reports. */
function inode(path: string): number {
  let ino = 0x811c9dc5;
  for (const ch of path) ino = Math.imul(ino ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return ino;
}

/** toybox stat's %-sequences (the ones scripts use). */
function statFormat(format: string, path: string, st: VirtualFileStat): string {
  const dir = isDir(st);
  const storage = /^\/(sdcard|storage)(\/|$)/.test(path);
  const values: Record<string, string> = {
    D: storage ? '3e' : 'fd05',
    d: storage ? '62' : '64773',
    a: (st.mode & 0o7777).toString(8),
    A: modeString(st.mode),
    b: String(Math.ceil(st.size / 512)),
    B: '512',
    f: (st.mode >>> 0).toString(16),
    F: dir ? 'directory' : st.size === 0 ? 'regular empty file' : 'regular file',
    g: String(st.gid),
    G: userName(st.gid),
    h: String(dir ? 2 : 1),
    i: String(inode(path)),
    n: path,
    N: `'${path}'`,
    o: '4096',
    s: String(st.size),
    u: String(st.uid),
    U: userName(st.uid),
    x: statTime(st.mtime),
    X: String(st.mtime),
    y: statTime(st.mtime),
    Y: String(st.mtime),
    z: statTime(st.mtime),
    Z: String(st.mtime),
  };
  const cell = (m: string, width: string, c: string) => {
    if (c === '%') return '%';
    const v = values[c];
    if (v === undefined) return m;
    const w = Number(width || 0);
    return w < 0 ? v.padEnd(-w) : v.padStart(w);
  };
  return format
    .replace(/%(-?\d*)(.)/g, cell)
    .replace(/\\n/g, '\n')
    .replace(/\\t/g, '\t');
}

export const stat: Command = async (ctx) => {
  const { values, operands } = options(ctx.argv, 'c');
  if (operands.length === 0) {
    await ctx.err('stat: Needs 1 argument\n');
    return 1;
  }
  const fs = ctx.android.fs;
  let status = 0;
  for (const path of operands) {
    const st = fs.stat(path);
    if (!st) {
      await ctx.err(`stat: '${path}': ${errnoText(fs.errorOf(path) ?? 'ENOENT')}\n`);
      status = 1;
      continue;
    }
    const format =
      values.get('c') ??
      '  File: %N\n  Size: %s\t Blocks: %b\t IO Blocks: %B\t%F\nDevice: %Dh/%dd\t Inode: %i\t Links: %h\nAccess: (0%a/%A)\tUid: (%5u/%8U)\tGid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z';
    await ctx.out(`${statFormat(format, path, st)}\n`);
  }
  return status;
};
