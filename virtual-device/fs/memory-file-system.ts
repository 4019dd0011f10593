// The virtual device's file system: an in-memory tree of directories and regular files with POSIX modes,
// owners and mtimes, shared by `sync:` (push/pull/ls) and the simulated shell. Every access is checked as the
// kernel checks it for the caller's credentials (adbd's user): a read-only mount refuses writes first (EROFS),
// then the owner/group/other bits decide (EACCES); root passes the permission bits. No symlinks.

import { posix } from 'node:path';
import type { FsCredentials, VirtualFileStat, VirtualFileSystem } from '../device-services';
import { FsError, type FsErrorCode } from './fs-error';

const S_IFMT = 0o170000;
export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;

type Dir = { kind: 'dir'; mode: number; mtime: number; uid: number; gid: number; children: Map<string, Node> };
type File = { kind: 'file'; mode: number; mtime: number; uid: number; gid: number; data: Uint8Array };
type Node = Dir | File;

/**
 * Who owns what a caller creates under a path, and the permission bits it always has: the caller and the
 * requested mode by default; a mount may present its own (shared storage's FUSE daemon gives its group rw).
 */
export type OwnerRule = (
  path: string,
  creds: FsCredentials,
) => { uid: number; gid: number; dirBits: number; fileBits: number } | null;

export interface MemoryFileSystemOptions {
  /** Path prefixes mounted read-only (writes fail with EROFS), e.g. ['/system']. */
  readOnly?: string[];
  /** Prefixes mounted read-write below a read-only one (the longest prefix decides), e.g. ['/data']. */
  readWrite?: string[];
  /** Seconds since the epoch for entries created without an explicit mtime. */
  now?: () => number;
  /** Owners of new entries where a mount decides them instead of the caller. */
  owner?: OwnerRule;
}

const ROOT: FsCredentials = { uid: 0, gids: [0] };
const R = 4;
const W = 2;
const X = 1;

export class MemoryFileSystem implements VirtualFileSystem {
  private readonly root: Dir;
  private readonly mounts: Array<{ prefix: string; readOnly: boolean }>;
  private readonly now: () => number;
  private readonly ownerRule: OwnerRule;
  private credentials: () => FsCredentials = () => ROOT;

  constructor(options: MemoryFileSystemOptions = {}) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.mounts = [
      ...(options.readOnly ?? []).map((p) => ({ prefix: normalize(p), readOnly: true })),
      ...(options.readWrite ?? []).map((p) => ({ prefix: normalize(p), readOnly: false })),
    ];
    this.ownerRule = options.owner ?? (() => null);
    this.root = { kind: 'dir', mode: S_IFDIR | 0o755, mtime: this.now(), uid: 0, gid: 0, children: new Map() };
  }

  setCredentials(get: () => FsCredentials): void {
    this.credentials = get;
  }

  stat(path: string): VirtualFileStat | null {
    const found = this.walk(path);
    return 'node' in found ? statOf(found.node) : null;
  }

  errorOf(path: string): FsErrorCode | null {
    const found = this.walk(path);
    return 'node' in found ? null : found.error;
  }

  list(path: string): Array<{ name: string } & VirtualFileStat> | null {
    const node = this.reach(path);
    if (!node || node.kind !== 'dir') return null;
    if (!this.may(node, R)) throw new FsError('EACCES', path);
    return [...node.children.keys()].sort().map((name) => ({ name, ...statOf(node.children.get(name)!) }));
  }

  read(path: string): Uint8Array | null {
    const node = this.reach(path);
    if (!node || node.kind !== 'file') return null;
    if (!this.may(node, R)) throw new FsError('EACCES', path);
    return node.data;
  }

  /** Creates or replaces a regular file. The parent directory must exist (FsError ENOENT/ENOTDIR otherwise). */
  write(path: string, data: Uint8Array, mode: number, mtime: number): void {
    const { parent, name, full } = this.parentOf(path);
    const existing = parent.children.get(name);
    if (existing?.kind === 'dir') throw new FsError('EISDIR', full);
    this.assertWritable(full);
    if (existing ? !this.may(existing, W) : !this.may(parent, W | X)) throw new FsError('EACCES', full);
    // A file written again keeps its owner; its mode is the writer's (adbd's push sets it with fchmod).
    const derived = this.ownerRule(full, this.credentials());
    const owner = existing ?? this.newOwner(full);
    parent.children.set(name, {
      kind: 'file',
      mode: S_IFREG | ((mode | (derived?.fileBits ?? 0)) & 0o7777),
      mtime,
      uid: owner.uid,
      gid: owner.gid,
      data,
    });
    parent.mtime = mtime;
  }

  /** Mounts more prefixes read-only (after seeding them), as init remounts /system on boot. */
  mountReadOnly(prefixes: string[]): this {
    this.mounts.push(...prefixes.map((p) => ({ prefix: normalize(p), readOnly: true })));
    return this;
  }

  /** `adb remount` makes the system partitions (`/`, /system) writable; a reboot mounts them read-only again. */
  remount(writable: boolean): void {
    for (const m of this.mounts) if (m.prefix === '/' || m.prefix === '/system') m.readOnly = !writable;
  }

  /** `mkdir -p`: creates the directory and any missing parents; existing directories are kept. */
  mkdir(path: string, mode: number, mtime: number = this.now()): void {
    const full = normalize(path);
    let node = this.root;
    let sofar = '';
    for (const part of segments(full)) {
      if (!this.may(node, X)) throw new FsError('EACCES', sofar || '/');
      sofar += `/${part}`;
      let child = node.children.get(part);
      if (!child) {
        this.assertWritable(sofar);
        if (!this.may(node, W | X)) throw new FsError('EACCES', sofar);
        const owner = this.newOwner(sofar);
        const derived = this.ownerRule(sofar, this.credentials());
        child = {
          kind: 'dir',
          mode: S_IFDIR | ((mode | (derived?.dirBits ?? 0)) & 0o7777),
          mtime,
          uid: owner.uid,
          gid: owner.gid,
          children: new Map(),
        };
        node.children.set(part, child);
        node.mtime = mtime;
      }
      if (child.kind !== 'dir') throw new FsError('ENOTDIR', sofar);
      node = child;
    }
  }

  /** Removes a file, or a directory with everything below it (the shell's `rm` decides about -r). */
  remove(path: string): boolean {
    const full = normalize(path);
    if (full === '/') throw new FsError(this.isReadOnly(full) ? 'EROFS' : 'EPERM', full);
    const parent = this.reach(posix.dirname(full));
    if (!parent || parent.kind !== 'dir' || !parent.children.has(posix.basename(full))) return false;
    this.assertWritable(full);
    if (!this.may(parent, W | X)) throw new FsError('EACCES', full);
    parent.children.delete(posix.basename(full));
    parent.mtime = this.now();
    return true;
  }

  chmod(path: string, mode: number): void {
    const node = this.reach(path);
    if (!node) throw new FsError(this.errorOf(path) ?? 'ENOENT', path);
    const creds = this.credentials();
    if (creds.uid !== 0 && creds.uid !== node.uid) throw new FsError('EPERM', path);
    this.assertWritable(normalize(path));
    node.mode = (node.mode & S_IFMT) | (mode & 0o7777);
  }

  touch(path: string, mtime: number): void {
    const node = this.reach(path);
    if (!node) throw new FsError(this.errorOf(path) ?? 'ENOENT', path);
    this.assertWritable(normalize(path));
    if (!this.may(node, W) && this.credentials().uid !== node.uid) throw new FsError('EACCES', path);
    node.mtime = mtime;
  }

  chown(path: string, uid: number, gid: number): void {
    const node = this.reach(path);
    if (!node) throw new FsError(this.errorOf(path) ?? 'ENOENT', path);
    if (this.credentials().uid !== 0) throw new FsError('EPERM', path);
    node.uid = uid;
    node.gid = gid;
  }

  privileged<T>(fn: () => T): T {
    const saved = this.credentials;
    this.credentials = () => ROOT;
    try {
      return fn();
    } finally {
      this.credentials = saved;
    }
  }

  private may(node: Node, want: number, creds: FsCredentials = this.credentials()): boolean {
    // Root passes the permission bits; only executing needs some x bit (not checked for directories here).
    if (creds.uid === 0) return true;
    const bits =
      creds.uid === node.uid
        ? (node.mode >> 6) & 7
        : creds.gids.includes(node.gid)
          ? (node.mode >> 3) & 7
          : node.mode & 7;
    return (bits & want) === want;
  }

  private newOwner(full: string): { uid: number; gid: number } {
    const creds = this.credentials();
    const rule = this.ownerRule(full, creds);
    return rule ? { uid: rule.uid, gid: rule.gid } : { uid: creds.uid, gid: creds.gids[0] ?? creds.uid };
  }

  /** Path lookup: each directory on the way must be searchable (x) by the caller. */
  private walk(path: string): { node: Node } | { error: FsErrorCode } {
    if (!path.startsWith('/')) return { error: 'ENOENT' };
    const creds = this.credentials();
    let node: Node = this.root;
    for (const part of segments(normalize(path))) {
      if (node.kind !== 'dir') return { error: 'ENOTDIR' };
      if (!this.may(node, X, creds)) return { error: 'EACCES' };
      const child: Node | undefined = node.children.get(part);
      if (!child) return { error: 'ENOENT' };
      node = child;
    }
    return { node };
  }

  /** The node, null when missing; EACCES on the way throws (the caller asked for the node's contents). */
  private reach(path: string): Node | null {
    const found = this.walk(path);
    if ('node' in found) return found.node;
    if (found.error === 'EACCES') throw new FsError('EACCES', path);
    return null;
  }

  private parentOf(path: string): { parent: Dir; name: string; full: string } {
    const full = normalize(path);
    if (full === '/') throw new FsError('EISDIR', full);
    const found = this.walk(posix.dirname(full));
    if (!('node' in found)) throw new FsError(found.error, full);
    if (found.node.kind !== 'dir') throw new FsError('ENOTDIR', full);
    if (!this.may(found.node, X)) throw new FsError('EACCES', full);
    return { parent: found.node, name: posix.basename(full), full };
  }

  private isReadOnly(full: string): boolean {
    let best: { prefix: string; readOnly: boolean } | null = null;
    for (const m of this.mounts) {
      const inside = m.prefix === '/' || full === m.prefix || full.startsWith(`${m.prefix}/`);
      if (inside && (!best || m.prefix.length > best.prefix.length)) best = m;
    }
    return best?.readOnly ?? false;
  }

  private assertWritable(full: string): void {
    if (this.isReadOnly(full)) throw new FsError('EROFS', full);
  }
}

function normalize(path: string): string {
  if (!path.startsWith('/')) throw new FsError('EINVAL', path);
  const n = posix.normalize(path);
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n;
}

function segments(full: string): string[] {
  return full.split('/').filter((s) => s.length > 0);
}

function statOf(node: Node): VirtualFileStat {
  return {
    mode: node.mode,
    size: node.kind === 'file' ? node.data.length : 4096,
    mtime: node.mtime,
    uid: node.uid,
    gid: node.gid,
  };
}
