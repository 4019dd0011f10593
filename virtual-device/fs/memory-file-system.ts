// The virtual device's file system: an in-memory tree of directories and regular files with
// POSIX modes and mtimes, shared by `sync:` (push/pull/ls) and the simulated shell.
// No symlinks, owners or permissions checks: the device's shell user may write anywhere that is
// not mounted read-only, which is all adb push and the simulated tools need.

import { posix } from 'node:path';
import type { VirtualFileStat, VirtualFileSystem } from '../device-services';
import { FsError } from './fs-error';

export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;

type Node =
  | { kind: 'dir'; mode: number; mtime: number; children: Map<string, Node> }
  | { kind: 'file'; mode: number; mtime: number; data: Uint8Array };

export interface MemoryFileSystemOptions {
  /** Path prefixes mounted read-only (writes fail with EROFS), e.g. ['/system']. */
  readOnly?: string[];
  /** Seconds since the epoch for entries created without an explicit mtime. */
  now?: () => number;
}

export class MemoryFileSystem implements VirtualFileSystem {
  private readonly root: Extract<Node, { kind: 'dir' }>;
  private readonly readOnly: string[];
  private readonly now: () => number;

  constructor(options: MemoryFileSystemOptions = {}) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.readOnly = (options.readOnly ?? []).map((p) => normalize(p));
    this.root = { kind: 'dir', mode: S_IFDIR | 0o755, mtime: this.now(), children: new Map() };
  }

  stat(path: string): VirtualFileStat | null {
    const node = this.lookup(path);
    return node ? statOf(node) : null;
  }

  list(path: string): Array<{ name: string } & VirtualFileStat> | null {
    const node = this.lookup(path);
    if (!node || node.kind !== 'dir') return null;
    return [...node.children.keys()].sort().map((name) => ({ name, ...statOf(node.children.get(name)!) }));
  }

  read(path: string): Uint8Array | null {
    const node = this.lookup(path);
    return node && node.kind === 'file' ? node.data : null;
  }

  /** Creates or replaces a regular file. The parent directory must exist (FsError ENOENT/ENOTDIR otherwise). */
  write(path: string, data: Uint8Array, mode: number, mtime: number): void {
    const { parent, name, full } = this.parentOf(path);
    this.assertWritable(full);
    const existing = parent.children.get(name);
    if (existing?.kind === 'dir') throw new FsError('EISDIR', full);
    parent.children.set(name, { kind: 'file', mode: S_IFREG | (mode & 0o7777), mtime, data });
    parent.mtime = mtime;
  }

  /** Mounts more prefixes read-only (after seeding them), as init remounts /system on boot. */
  mountReadOnly(prefixes: string[]): this {
    this.readOnly.push(...prefixes.map((p) => normalize(p)));
    return this;
  }

  /** `mkdir -p`: creates the directory and any missing parents; existing directories are kept. */
  mkdir(path: string, mode: number, mtime: number = this.now()): void {
    const full = normalize(path);
    let node = this.root as Extract<Node, { kind: 'dir' }>;
    let sofar = '';
    for (const part of segments(full)) {
      sofar += `/${part}`;
      let child = node.children.get(part);
      if (!child) {
        this.assertWritable(sofar);
        child = { kind: 'dir', mode: S_IFDIR | (mode & 0o7777), mtime, children: new Map() };
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
    if (full === '/' || this.isReadOnly(full)) return false;
    const parent = this.lookup(posix.dirname(full));
    if (!parent || parent.kind !== 'dir') return false;
    const removed = parent.children.delete(posix.basename(full));
    if (removed) parent.mtime = this.now();
    return removed;
  }

  private lookup(path: string): Node | null {
    if (!path.startsWith('/')) return null;
    let node: Node = this.root;
    for (const part of segments(normalize(path))) {
      if (node.kind !== 'dir') return null;
      const child = node.children.get(part);
      if (!child) return null;
      node = child;
    }
    return node;
  }

  private parentOf(path: string): { parent: Extract<Node, { kind: 'dir' }>; name: string; full: string } {
    const full = normalize(path);
    if (full === '/') throw new FsError('EISDIR', full);
    const dir = posix.dirname(full);
    const parent = this.lookup(dir);
    if (!parent) throw new FsError('ENOENT', full);
    if (parent.kind !== 'dir') throw new FsError('ENOTDIR', full);
    return { parent, name: posix.basename(full), full };
  }

  private isReadOnly(full: string): boolean {
    return this.readOnly.some((prefix) => full === prefix || full.startsWith(`${prefix}/`));
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
  return { mode: node.mode, size: node.kind === 'file' ? node.data.length : 4096, mtime: node.mtime };
}
