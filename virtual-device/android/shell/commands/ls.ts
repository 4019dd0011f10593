// toybox `ls [-1aAdlnRs] FILE…` as Android 14 prints it to a pipe (adb's output is no terminal, so one name a
// line): files named on the command line first, then each directory's contents, under a `DIR:` title when more
// than one thing is listed or with -R; -l / -n in toybox's columns (nlink, owner, group and size padded to the
// widest in the listing, `yyyy-mm-dd HH:MM` in the device's time zone) after a `total` of 1 KiB blocks.
// A directory the user may not read answers `ls: DIR: Permission denied` and status 1, as on a phone.
import type { VirtualFileStat } from '../../../device-services';
import { FsError, errnoText } from '../../../fs/fs-error';
import { userName } from '../../process-list';
import type { Command, CommandContext } from '../context';
import { modeString } from './file-modes';

const S_IFDIR = 0o040000;
const isDir = (st: VirtualFileStat) => (st.mode & 0o170000) === S_IFDIR;

interface Flags {
  all: boolean;
  almostAll: boolean;
  directory: boolean;
  long: boolean;
  numeric: boolean;
  recursive: boolean;
  size: boolean;
  reverse: boolean;
}

type Item = { name: string; path: string; st: VirtualFileStat };

/** st_blocks in 1 KiB: whole 4 KiB blocks, as ext4 and f2fs allocate; /proc's files take none. */
const blocks = (st: VirtualFileStat) => (st.size === 0 ? 0 : Math.ceil(st.size / 4096) * 4);
const p2 = (n: number) => String(n).padStart(2, '0');
/** strftime(" %F %H:%M") on the device's clock (persist.sys.timezone is UTC). */
function when(mtime: number): string {
  const d = new Date(mtime * 1000);
  return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`;
}

function render(items: readonly Item[], f: Flags): string[] {
  if (!f.long) return items.map((i) => `${f.size ? `${blocks(i.st)} ` : ''}${i.name}`);
  const user = (st: VirtualFileStat) => (f.numeric ? String(st.uid) : userName(st.uid));
  const group = (st: VirtualFileStat) => (f.numeric ? String(st.gid) : userName(st.gid));
  const nlink = (st: VirtualFileStat) => String(isDir(st) ? 2 : 1);
  const w = (get: (st: VirtualFileStat) => string) => Math.max(0, ...items.map((i) => get(i.st).length));
  const [wl, wu, wg, ws] = [w(nlink), w(user), w(group), w((st) => String(st.size))];
  return items.map(
    (i) =>
      `${f.size ? `${blocks(i.st)} ` : ''}${modeString(i.st.mode)} ${nlink(i.st).padStart(wl)} ${user(i.st).padEnd(wu)} ${group(i.st).padEnd(wg)} ` +
      `${String(i.st.size).padStart(ws)} ${when(i.st.mtime)} ${i.name}`,
  );
}

function sorted(items: Item[], f: Flags): Item[] {
  const out = items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return f.reverse ? out.reverse() : out;
}

export const ls: Command = async (ctx) => {
  const { argv, android, err } = ctx;
  const f: Flags = {
    all: false,
    almostAll: false,
    directory: false,
    long: false,
    numeric: false,
    recursive: false,
    size: false,
    reverse: false,
  };
  const paths: string[] = [];
  for (const a of argv.slice(1)) {
    if (!a.startsWith('-') || a === '-') {
      paths.push(a);
      continue;
    }
    for (const c of a.slice(1)) {
      if (c === 'a') f.all = true;
      else if (c === 'A') f.almostAll = true;
      else if (c === 'd') f.directory = true;
      else if (c === 'l') f.long = true;
      else if (c === 'n') f.long = f.numeric = true;
      else if (c === 'R') f.recursive = true;
      else if (c === 's') f.size = true;
      else if (c === 'r') f.reverse = true;
      else if (c !== '1') {
        await err(`ls: Unknown option '${c}' (see "ls --help")\n`);
        return 1;
      }
    }
  }
  // -d lists directories as themselves and turns -R off (toybox's "-dR" rule).
  if (f.directory) f.recursive = false;
  let status = 0;
  const files: Item[] = [];
  const dirs: Item[] = [];
  for (const path of paths.length > 0 ? paths : ['/']) {
    const st = android.fs.stat(path);
    if (!st) {
      await err(`ls: ${path}: ${errnoText(android.fs.errorOf(path) ?? 'ENOENT')}\n`);
      status = 1;
    } else (isDir(st) && !f.directory ? dirs : files).push({ name: path, path, st });
  }
  const lines: string[] = render(sorted(files, f), f);
  const titled = f.recursive || dirs.length + files.length > 1;
  const queue = sorted(dirs, f);
  let first = files.length === 0;
  while (queue.length > 0) {
    const dir = queue.shift()!;
    let entries: Item[];
    try {
      const listed = android.fs.list(dir.path) ?? [];
      const join = (name: string) => (dir.path.endsWith('/') ? `${dir.path}${name}` : `${dir.path}/${name}`);
      entries = listed.map((e) => ({ name: e.name, path: join(e.name), st: e }));
      if (f.all)
        entries.unshift(
          { name: '.', path: dir.path, st: dir.st },
          { name: '..', path: dir.path, st: android.fs.stat(`${dir.path}/..`) ?? dir.st },
        );
      else if (!f.almostAll) entries = entries.filter((e) => !e.name.startsWith('.'));
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      await flush(ctx, lines);
      await err(`ls: ${dir.path}: ${errnoText(e.code)}\n`);
      status = 1;
      continue;
    }
    const shown = sorted(entries, f);
    if (titled) lines.push(...(first ? [] : ['']), `${dir.path}:`);
    first = false;
    if (f.long || f.size) lines.push(`total ${shown.reduce((n, e) => n + blocks(e.st), 0)}`);
    lines.push(...render(shown, f));
    // -R descends into each subdirectory after listing this one, in the listing's order.
    if (f.recursive) queue.unshift(...shown.filter((e) => isDir(e.st) && e.name !== '.' && e.name !== '..'));
  }
  await flush(ctx, lines);
  return status;
};

async function flush(ctx: CommandContext, lines: string[]): Promise<void> {
  if (lines.length > 0) await ctx.out(lines.map((l) => `${l}\n`).join(''));
  lines.length = 0;
}
