// Toybox-style file and utility commands over the device's VirtualFileSystem.
import { readAll, type Command } from '../context';

const S_IFDIR = 0o040000;
const isDir = (mode: number) => (mode & 0o170000) === S_IFDIR;

// mksh's builtin echo: -n, -e, -E (combinable, up to the first other word); backslash escapes are
// interpreted by default (\a \b \c \e \f \n \r \t \v \\ \0NNN), and \c ends the output there.
const ECHO_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

export const echo: Command = async ({ argv, out }) => {
  let args = argv.slice(1);
  let newline = true;
  let escapes = true;
  while (args[0] !== undefined && /^-[neE]+$/.test(args[0])) {
    for (const f of args[0].slice(1)) {
      if (f === 'n') newline = false;
      else escapes = f === 'e';
    }
    args = args.slice(1);
  }
  let text = args.join(' ');
  if (escapes) {
    const stop = /\\c/.exec(text.replace(/\\\\/g, '\0\0'));
    if (stop) {
      text = text.slice(0, stop.index);
      newline = false;
    }
    text = text.replace(/\\(0[0-7]{0,3}|.)/g, (m, e: string) => (e[0] === '0' ? String.fromCharCode(parseInt(e, 8) & 0xff) : (ECHO_ESCAPES[e] ?? m)));
  }
  await out(text + (newline ? '\n' : ''));
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
  const flags = argv.slice(1).filter((a) => a.startsWith('-')).join('');
  const all = flags.includes('a');
  const almostAll = flags.includes('A');
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
    // toybox ls hides dot files unless -a (which adds . and ..) or -A.
    const names = (android.fs.list(path) ?? []).map((e) => e.name).filter((n) => n !== '.' && n !== '..');
    const shown = all ? ['.', '..', ...names] : almostAll ? names : names.filter((n) => !n.startsWith('.'));
    const entries = shown.sort();
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
