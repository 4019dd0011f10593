// What mksh runs itself rather than exec'ing: they read or change the shell's own state (exit,
// export, unset, shift, eval, break/continue, command -v), plus `sh`, `env`, `which` and `xargs`,
// which are programs on Android but need the interpreter here.
import { shQuote } from '../../../shared/android/shell-quote';
import type { Streams } from './redirect';
import { childState, environment, type ShellState } from './shell-state';
import { xargs } from './xargs';

export interface Interpreter {
  /** Parses and runs a script in `state` (mksh's own error prefix is state.name). */
  runSource(source: string, state: ShellState, io: Streams): Promise<number>;
  /** Runs one already-expanded command (program, builtin or script) as the shell would. */
  runProgram(argv: string[], state: ShellState, io: Streams): Promise<number>;
  /** Where a command name resolves: 'builtin', a path, or null when it is not found. */
  lookup(name: string): 'builtin' | string | null;
  readFile(path: string): Uint8Array | null;
}

export interface BuiltinContext {
  argv: string[];
  state: ShellState;
  io: Streams;
  shell: Interpreter;
}

export type Builtin = (ctx: BuiltinContext) => Promise<number>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const exit: Builtin = async ({ argv, state, io }) => {
  const arg = argv[1];
  if (arg !== undefined && !/^-?\d+$/.test(arg)) {
    await io.err(`${state.name}: exit: ${arg}: bad number\n`);
    state.exit = 1;
    return 1;
  }
  state.exit = arg === undefined ? state.status : ((Number(arg) % 256) + 256) % 256;
  return state.exit;
};

const exportCmd: Builtin = async ({ argv, state, io }) => {
  const names = argv.slice(1).filter((a) => a !== '-p');
  if (names.length === 0) {
    await io.out(
      Object.entries(environment(state))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `export ${k}=${quote(v)}\n`)
        .join(''),
    );
    return 0;
  }
  let status = 0;
  for (const a of names) {
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    if (!NAME.test(name)) {
      await io.err(`${state.name}: export: ${a}: is not an identifier\n`);
      status = 1;
      continue;
    }
    if (eq >= 0) state.vars.set(name, a.slice(eq + 1));
    state.exported.add(name);
  }
  return status;
};

const unset: Builtin = async ({ argv, state }) => {
  for (const name of argv.slice(1).filter((a) => !a.startsWith('-'))) {
    state.vars.delete(name);
    state.exported.delete(name);
  }
  return 0;
};

const shift: Builtin = async ({ argv, state, io }) => {
  const n = argv[1] === undefined ? 1 : Number(argv[1]);
  if (!Number.isInteger(n) || n < 0 || n > state.params.length) {
    await io.err(`${state.name}: shift: ${argv[1] ?? n}: bad number\n`);
    return 1;
  }
  state.params = state.params.slice(n);
  return 0;
};

/** break [N] / continue [N]: the Nth enclosing loop stops or goes on (outside a loop they do nothing). */
function loopControl(kind: 'break' | 'continue'): Builtin {
  return async ({ argv, state, io }) => {
    const levels = argv[1] === undefined ? 1 : Number(argv[1]);
    if (!Number.isInteger(levels) || levels < 1) {
      await io.err(`${state.name}: ${kind}: ${argv[1]}: bad number\n`);
      return 1;
    }
    if (state.loopDepth > 0) state.loop = { kind, levels: Math.min(levels, state.loopDepth) };
    return 0;
  };
}

const evalCmd: Builtin = async ({ argv, state, io, shell }) =>
  argv.length > 1 ? shell.runSource(argv.slice(1).join(' '), state, io) : 0;

/** `command -v NAME…` (how scripts probe for a tool); `command NAME ARGS` itself runs in the interpreter. */
const commandV: Builtin = async ({ argv, io, shell }) => {
  let status = 0;
  for (const name of argv.slice(2)) {
    const found = shell.lookup(name);
    if (found === null) status = 1;
    else await io.out(`${found === 'builtin' ? name : found}\n`);
  }
  return status;
};

/** toybox which: the path of each program on PATH; 1 when any is missing. */
const which: Builtin = async ({ argv, io, shell }) => {
  let status = 0;
  for (const name of argv.slice(1).filter((a) => !a.startsWith('-'))) {
    const found = shell.lookup(name);
    if (found === null || found === 'builtin') status = 1;
    else await io.out(`${found}\n`);
  }
  return status;
};

const env: Builtin = async ({ state, io }) => {
  await io.out(
    Object.entries(environment(state))
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
  return 0;
};

/** sh -c CMD [NAME [ARG…]], sh FILE [ARG…], or a script on stdin: a new shell process. */
const sh: Builtin = async ({ argv, state, io, shell }) => {
  let i = 1;
  let command: string | null = null;
  while (i < argv.length && /^[-+][a-z]+$/.test(argv[i]!)) {
    if (argv[i]!.includes('c')) {
      command = argv[i + 1] ?? null;
      if (command === null) {
        await io.err(`${argv[0]}: -c: option requires an argument\n`);
        return 1;
      }
      i++;
    }
    i++;
  }
  if (command !== null) {
    const rest = argv.slice(i + 1);
    return shell.runSource(command, childState(state, argv[i] ?? argv[0]!, argv[i] === undefined ? [] : rest), io);
  }
  const file = argv[i];
  if (file === undefined) {
    const parts: Uint8Array[] = [];
    for await (const c of io.stdin) parts.push(c);
    return shell.runSource(Buffer.concat(parts).toString('utf8'), childState(state, argv[0]!, []), io);
  }
  const script = shell.readFile(file);
  if (!script) {
    await io.err(`${argv[0]}: ${file}: No such file or directory\n`);
    return 127;
  }
  return shell.runSource(Buffer.from(script).toString('utf8'), childState(state, file, argv.slice(i + 1)), io);
};

/** `wait [PID…]`: waits for the shell's background jobs (all, or those named); the status is the last one's. */
const wait: Builtin = async ({ argv, state, io }) => {
  const pids = argv.slice(1);
  let status = 0;
  for (const pid of pids.length > 0 ? pids : [...state.jobs.keys()].map(String)) {
    const job = state.jobs.get(Number(pid));
    if (!job) {
      // Not a child of this shell: mksh answers 127.
      await io.err(`${state.name}: wait: ${pid}: unknown job\n`);
      status = 127;
      continue;
    }
    status = await job;
    state.jobs.delete(Number(pid));
  }
  return status;
};

/** Line readers of the stdin streams `read` took bytes from, so the next `read` goes on after the last line. */
const readers = new WeakMap<AsyncIterable<Uint8Array>, { it: AsyncIterator<Uint8Array>; buffered: string }>();

/** `read [-r] NAME…`: one line of stdin split on blanks into the names (the last takes the rest); 1 at EOF. */
const read: Builtin = async ({ argv, state, io }) => {
  const raw = argv.includes('-r');
  const names = argv.slice(1).filter((a) => !a.startsWith('-'));
  let reader = readers.get(io.stdin);
  if (!reader) {
    reader = { it: io.stdin[Symbol.asyncIterator](), buffered: '' };
    readers.set(io.stdin, reader);
  }
  let eof = false;
  while (!reader.buffered.includes('\n') && !eof) {
    const next = await reader.it.next();
    if (next.done) eof = true;
    else reader.buffered += Buffer.from(next.value).toString('utf8');
  }
  const nl = reader.buffered.indexOf('\n');
  let line = nl < 0 ? reader.buffered : reader.buffered.slice(0, nl);
  reader.buffered = nl < 0 ? '' : reader.buffered.slice(nl + 1);
  if (!raw) line = line.replace(/\\(.)/g, '$1');
  const fields = line
    .trim()
    .split(/[ \t]+/)
    .filter(Boolean);
  const targets = names.length > 0 ? names : ['REPLY'];
  targets.forEach((name, i) =>
    state.vars.set(name, i === targets.length - 1 ? fields.slice(i).join(' ') : (fields[i] ?? '')),
  );
  return eof && nl < 0 && line === '' ? 1 : 0;
};

/** `nohup CMD ARG…`: runs the command immune to hangups (nothing here sends one; stdout is no terminal). */
const nohup: Builtin = async ({ argv, state, io, shell }) => {
  if (argv.length < 2) {
    await io.err('nohup: Needs 1 argument\n');
    return 127;
  }
  return shell.runProgram(argv.slice(1), state, io);
};

/** mksh's quoting of values it prints back (`export`): plain words stay bare, others in '…'. */
export function quote(v: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(v) ? v : shQuote(v);
}

export const BUILTINS: Record<string, Builtin> = {
  ':': async () => 0,
  break: loopControl('break'),
  continue: loopControl('continue'),
  env,
  eval: evalCmd,
  exit,
  export: exportCmd,
  nohup,
  read,
  sh,
  shift,
  unset,
  wait,
  which,
  xargs,
};
export const COMMAND_V = commandV;
