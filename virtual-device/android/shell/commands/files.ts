// echo, true/false, sleep and cat over the device's VirtualFileSystem.
import { readAll, type Command } from '../context';

const isDir = (mode: number) => (mode & 0o170000) === 0o040000;

// mksh's builtin echo: -n, -e, -E (combinable, up to the first other word); backslash escapes are
// interpreted by default (\a \b \c \e \f \n \r \t \v \\ \0NNN), and \c ends the output there.
const ECHO_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

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
    text = text.replace(/\\(0[0-7]{0,3}|.)/g, (m, e: string) =>
      e[0] === '0' ? String.fromCharCode(parseInt(e, 8) & 0xff) : (ECHO_ESCAPES[e] ?? m),
    );
  }
  await out(text + (newline ? '\n' : ''));
  return 0;
};

export const trueCmd: Command = async () => 0;
export const falseCmd: Command = async () => 1;

export const sleep: Command = async ({ argv, android, signal, err }) => {
  const secs = Number(argv[1]);
  if (!Number.isFinite(secs) || secs < 0) {
    await err(`sleep: invalid number '${argv[1] ?? ''}'\n`);
    return 1;
  }
  // A signal (the session ending, `kill`) ends the sleep at once, as it interrupts nanosleep(2).
  const stopped = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.race([android.sleep(secs * 1000), stopped]);
  return 0;
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
