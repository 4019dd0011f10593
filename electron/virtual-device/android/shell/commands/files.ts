// Toybox-style file and utility commands over the device's VirtualFileSystem.
import { readAll, type Command } from '../context';

const S_IFDIR = 0o040000;
const isDir = (mode: number) => (mode & 0o170000) === S_IFDIR;

export const echo: Command = async ({ argv, out }) => {
  let args = argv.slice(1);
  const newline = args[0] !== '-n';
  if (!newline) args = args.slice(1);
  await out(args.join(' ') + (newline ? '\n' : ''));
  return 0;
};

export const trueCmd: Command = async () => 0;
export const falseCmd: Command = async () => 1;

export const id: Command = async ({ out }) => {
  await out('uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw),1079(ext_obb_rw),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid),3012(readtracefs) context=u:r:shell:s0\n');
  return 0;
};

export const sleep: Command = async ({ argv, android, signal, err }) => {
  const secs = Number(argv[1]);
  if (!Number.isFinite(secs) || secs < 0) {
    await err(`sleep: invalid number '${argv[1] ?? ''}'\n`);
    return 1;
  }
  if (!signal.aborted) await android.sleep(secs * 1000);
  return 0;
};

export const ls: Command = async ({ argv, android, out, err }) => {
  const paths = argv.slice(1).filter((a) => !a.startsWith('-'));
  let status = 0;
  for (const path of paths.length ? paths : ['/']) {
    const st = android.fs.stat(path);
    if (!st) {
      await err(`ls: ${path}: No such file or directory\n`);
      status = 1;
      continue;
    }
    if (!isDir(st.mode)) {
      await out(`${path}\n`);
      continue;
    }
    const entries = (android.fs.list(path) ?? []).map((e) => e.name).filter((n) => n !== '.' && n !== '..').sort();
    if (paths.length > 1) await out(`${path}:\n`);
    await out(entries.map((n) => `${n}\n`).join(''));
  }
  return status;
};

export const cat: Command = async ({ argv, android, out, err, stdin }) => {
  const paths = argv.slice(1);
  if (paths.length === 0) {
    await out(await readAll(stdin));
    return 0;
  }
  let status = 0;
  for (const path of paths) {
    const st = android.fs.stat(path);
    if (st && isDir(st.mode)) {
      await err(`cat: ${path}: Is a directory\n`);
      status = 1;
      continue;
    }
    const data = android.fs.read(path);
    if (!data) {
      await err(`cat: ${path}: No such file or directory\n`);
      status = 1;
    } else await out(data);
  }
  return status;
};

export const rm: Command = async ({ argv, android, err }) => {
  const force = argv.slice(1).some((a) => /^-[a-zA-Z]*f/.test(a));
  let status = 0;
  for (const path of argv.slice(1).filter((a) => !a.startsWith('-'))) {
    if (!android.fs.remove(path) && !force) {
      await err(`rm: ${path}: No such file or directory\n`);
      status = 1;
    }
  }
  return status;
};

/** grep [-i] [-v] [-E] [-F] PATTERN: enough for `dumpsys … | grep mCurrentFocus`. */
export const grep: Command = async ({ argv, stdin, out, err }) => {
  const flags = argv.slice(1).filter((a) => a.startsWith('-') && a.length > 1).join('');
  const pattern = argv.slice(1).find((a) => !a.startsWith('-') || a.length === 1);
  if (pattern === undefined) {
    await err('usage: grep [-EFivx] PATTERN [FILE...]\n');
    return 2;
  }
  const source = flags.includes('F') ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern;
  const re = new RegExp(source, flags.includes('i') ? 'i' : '');
  const lines = Buffer.from(await readAll(stdin)).toString('utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const hits = lines.filter((l) => re.test(l) !== flags.includes('v'));
  await out(hits.map((l) => `${l}\n`).join(''));
  return hits.length > 0 ? 0 : 1;
};

/** `mv SRC DST` of one regular file (toybox): the host renames a finished push into place with it. */
export const mv: Command = async ({ argv, android, err }) => {
  const [src, dst] = argv.slice(1).filter((a) => !a.startsWith('-'));
  const st = src === undefined ? null : android.fs.stat(src);
  const data = src === undefined ? null : android.fs.read(src);
  if (!src || !dst || !st || !data) {
    await err(`mv: ${src ?? ''}: No such file or directory\n`);
    return 1;
  }
  try {
    android.fs.write(dst, data, st.mode & 0o7777, st.mtime);
  } catch (e) {
    await err(`mv: ${dst}: ${(e as Error).message}\n`);
    return 1;
  }
  android.fs.remove(src);
  return 0;
};
