// Android's /system/bin/sh (mksh) as far as adb clients use it: lists, pipes, redirections,
// variables and $?, quoting, $(…), `sh -c`, the builtins in builtins.ts and the programs in
// commands.ts. Each `adb shell CMD` is a fresh shell process; its exit status is what exec resolves
// (what shell,v2 reports). Lookup failures read as on a phone: 127 `inaccessible or not found`,
// 126 `can't execute`.
import type { ShellIo, VirtualShell } from '../../device-services';
import type { SimulatedAndroid } from '../device';
import { ArithError } from './arith';
import { BUILTINS, COMMAND_V, type Interpreter } from './builtins';
import {
  parseCommandLine,
  type ListItem,
  type Pipeline,
  type Redirect,
  type ShellCommand,
  type Word,
} from './command-line';
import { runCompound, type ListRunner } from './compound';
import { COMMANDS } from './commands';
import type { CommandContext } from './context';
import { FsError, errnoText } from '../../fs/fs-error';
import { expandFields, expandString, type Expansion } from './expand';
import { globPaths } from './glob';
import { applyRedirects, once, toBytes, type Streams, type Writer } from './redirect';
import { environment, forkState, loginState, type ShellState } from './shell-state';
import type { SpawnedProcess } from '../processes';

const NOT_FOUND = 127;
const CANNOT_EXECUTE = 126;
/** In BUILTINS for their access to the interpreter, but programs in /system/bin on the device. */
const PROGRAMS = new Set(['env', 'nohup', 'sh', 'which', 'xargs']);
const BIN_DIR = /^\/(?:system\/(?:x?bin)|bin|vendor\/bin|system_ext\/bin|product\/bin)\/([^/]+)$/;

export class AndroidShell implements VirtualShell, Interpreter, ListRunner {
  constructor(private readonly android: SimulatedAndroid) {}

  async exec(commandLine: string, io: ShellIo): Promise<number> {
    const state = loginState(this.android.banner().device, this.android.credentials.uid);
    const streams: Streams = { stdin: io.stdin, out: (c) => io.stdout(c), err: (c) => io.stderr(c), signal: io.signal };
    if (commandLine.trim() === '') return this.interactive(state, streams);
    const status = await this.runSource(commandLine, state, streams);
    // adbd ends the session at the output's EOF: background jobs still holding stdout/stderr keep it open.
    await Promise.all([...(this.holding.get(state) ?? [])]);
    return status;
  }

  /** Per shell process, the background jobs that still hold the session's stdout or stderr. */
  private readonly holding = new WeakMap<ShellState, Set<Promise<number>>>();

  /**
   * `PIPELINE &`: a job with its own process (`$!`, `ps`, `kill`), stdin from /dev/null as POSIX gives an
   * asynchronous list without job control; it runs on after the command line, ended by itself or a signal.
   */
  private startJob(pipeline: Pipeline, state: ShellState, io: Streams): void {
    const job = this.android.processes.spawn(['sh'], this.android.credentials.uid);
    const pid = job.process.pid;
    const controller = new AbortController();
    let signalled: number | null = null;
    void job.process.killed.then((sig) => {
      signalled = sig;
      controller.abort();
    });
    // Output after the session ended goes nowhere (the job's copy of the pipe is all that is left).
    const quiet =
      (w: Writer): Writer =>
      async (c) => {
        try {
          await w(c);
        } catch {
          // the host side is gone
        }
      };
    const jobIo: Streams = {
      stdin: once(new Uint8Array()),
      out: quiet(io.out),
      err: quiet(io.err),
      signal: controller.signal,
      job,
    };
    const done = this.runPipeline(pipeline, forkState(state), jobIo)
      .then(
        (status) => (signalled === null ? status : 128 + signalled),
        () => 1,
      )
      .finally(() => job.exit());
    state.jobs.set(pid, done);
    state.lastJob = pid;
    if (holdsSessionOutput(pipeline)) {
      const held = this.holding.get(state) ?? new Set<Promise<number>>();
      this.holding.set(state, held);
      held.add(done);
      void done.finally(() => held.delete(done));
    }
  }

  async runSource(source: string, state: ShellState, io: Streams): Promise<number> {
    let items: ListItem[];
    try {
      items = parseCommandLine(source);
    } catch (e) {
      await io.err(`${state.name}: ${(e as Error).message}\n`);
      state.status = 1;
      return 1;
    }
    try {
      await this.runList(items, state, io);
    } catch (e) {
      // An arithmetic error outside a simple command (a for list, a loop condition's $((…))) ends the script.
      if (!(e instanceof ArithError)) throw e;
      await io.err(`${state.name}: ${e.message}\n`);
      state.status = 1;
    }
    return state.exit ?? state.status;
  }

  lookup(name: string): 'builtin' | string | null {
    if (name === 'command' || name === 'exec' || (name in BUILTINS && !PROGRAMS.has(name))) return 'builtin';
    const bin = BIN_DIR.exec(name)?.[1];
    if (bin !== undefined) return COMMANDS[bin] || BUILTINS[bin] ? name : null;
    if (name.includes('/')) return this.android.fs.stat(name) ? name : null;
    return COMMANDS[name] || BUILTINS[name] ? `/system/bin/${name}` : null;
  }

  readFile(path: string): Uint8Array | null {
    try {
      return this.android.fs.read(path);
    } catch {
      return null;
    }
  }

  async fields(words: Word[], state: ShellState, io: Streams): Promise<string[]> {
    const ex = this.expansion(state, io, { status: null });
    const out: string[] = [];
    for (const w of words) out.push(...(await expandFields(w, ex)));
    return out;
  }

  async runList(items: ListItem[], state: ShellState, io: Streams): Promise<void> {
    let skip = false;
    for (const item of items) {
      if (state.exit !== null || state.loop !== null) return;
      if (io.signal.aborted) {
        state.status = 130;
        return;
      }
      if (!skip && item.next === '&') {
        this.startJob(item.pipeline, state, io);
        state.status = 0;
      } else if (!skip) state.status = await this.runPipeline(item.pipeline, state, io);
      skip = (item.next === '&&' && state.status !== 0) || (item.next === '||' && state.status === 0);
    }
  }

  /**
   * Runs the elements one after another, each reading the previous one's whole output (the simulated
   * commands are finite). As in mksh, the last element runs in this shell (`echo x | read v` style
   * state survives), the others in subshells. The status is the last element's.
   */
  private async runPipeline(pipeline: Pipeline, state: ShellState, io: Streams): Promise<number> {
    let input = io.stdin;
    let status = 0;
    const { commands } = pipeline;
    for (let i = 0; i < commands.length; i++) {
      const last = i === commands.length - 1;
      const captured: Uint8Array[] = [];
      const out: Writer = last ? io.out : async (c) => void captured.push(toBytes(c));
      const own = last ? state : forkState(state);
      status = await this.runCommand(commands[i]!, own, { ...io, stdin: input, out });
      if (!last) input = once(Buffer.concat(captured));
    }
    return pipeline.negated ? Number(status === 0) : status;
  }

  private expansion(state: ShellState, io: Streams, substituted: { status: number | null }): Expansion {
    return {
      state,
      glob: (pattern) => globPaths(pattern, this.android.fs),
      substitute: async (list) => {
        const sub = forkState(state);
        const parts: Uint8Array[] = [];
        await this.runList(list, sub, {
          ...io,
          stdin: once(new Uint8Array()),
          out: async (c) => void parts.push(toBytes(c)),
        });
        substituted.status = sub.exit ?? sub.status;
        return Buffer.concat(parts).toString('utf8');
      },
    };
  }

  private async runCommand(cmd: ShellCommand, state: ShellState, io: Streams): Promise<number> {
    const substituted = { status: null as number | null };
    const ex = this.expansion(state, io, substituted);
    const argv: string[] = [];
    const assignments: Array<[string, string]> = [];
    const targets = [];
    try {
      if (cmd.kind === 'simple') {
        for (const w of cmd.words) argv.push(...(await expandFields(w, ex)));
        for (const a of cmd.assignments) assignments.push([a.name, await expandString(a.value, ex)]);
      }
      for (const r of cmd.redirects) targets.push({ r, target: await expandString(r.target, ex) });
    } catch (e) {
      if (!(e instanceof ArithError)) throw e;
      await io.err(`${state.name}: ${e.message}\n`);
      return 1;
    }

    const redirected = applyRedirects(targets, io, this.android.fs, Math.floor(this.android.clock() / 1000));
    if (typeof redirected === 'string') {
      await io.err(`${state.name}: ${redirected}\n`);
      return 1;
    }
    let status: number;
    if (cmd.kind !== 'simple') {
      status = await runCompound(cmd, state, redirected.streams, this);
    } else if (argv.length === 0) {
      // NAME=value alone sets shell variables; the status is that of the last $(…) in it, else 0.
      for (const [k, v] of assignments) state.vars.set(k, v);
      status = substituted.status ?? 0;
    } else {
      status = await this.runArgv(argv, assignments, state, redirected.streams);
    }
    redirected.close();
    return status;
  }

  runProgram(argv: string[], state: ShellState, io: Streams): Promise<number> {
    return this.runArgv(argv, [], state, io);
  }

  private async runArgv(
    argv: string[],
    assignments: Array<[string, string]>,
    state: ShellState,
    io: Streams,
  ): Promise<number> {
    let name = argv[0]!;
    if (name === 'command') {
      if (argv[1] === '-v' || argv[1] === '-V') return COMMAND_V({ argv, state, io, shell: this });
      argv = argv.slice(1);
      if (argv.length === 0) return 0;
      name = argv[0]!;
    }
    if (name === 'exec') {
      // The shell becomes the command: its status ends the shell.
      if (argv.length === 1) return 0;
      const status = await this.runArgv(argv.slice(1), assignments, state, io);
      state.exit = status;
      return status;
    }
    const base = BIN_DIR.exec(name)?.[1] ?? name;
    const builtin = BUILTINS[base];
    if (builtin && PROGRAMS.has(base)) {
      // A program sees prefix assignments in its environment; the shell itself keeps its own values.
      const own = forkState(state);
      for (const [k, v] of assignments) {
        own.vars.set(k, v);
        own.exported.add(k);
      }
      return builtin({ argv, state: own, io, shell: this });
    }
    if (builtin) {
      // Assignments before a builtin change the shell itself (POSIX special-builtin rule, as mksh does).
      for (const [k, v] of assignments) state.vars.set(k, v);
      return builtin({ argv, state, io, shell: this });
    }
    const run = base.includes('/') ? undefined : COMMANDS[base];
    if (!run) return this.notRunnable(name, argv, state, io);
    const env = { ...environment(state), ...Object.fromEntries(assignments) };
    // In a background job the command is what the job's process execs (`ps` shows its argv).
    io.job?.exec(argv);
    const process = (args: readonly string[]): SpawnedProcess => {
      if (!io.job) return this.android.processes.spawn(args, this.android.credentials.uid);
      io.job.exec(args);
      return { ...io.job, exit: () => undefined };
    };
    const ctx: CommandContext = {
      argv: [base, ...argv.slice(1)],
      env,
      android: this.android,
      stdin: io.stdin,
      out: io.out,
      err: io.err,
      signal: io.signal,
      process,
    };
    try {
      return await run(ctx);
    } catch (e) {
      // A file the user may not reach: toybox's perror_msg, `NAME: PATH: strerror`, and status 1.
      if (!(e instanceof FsError)) throw e;
      await io.err(`${base}: ${e.path}: ${errnoText(e.code)}\n`);
      return 1;
    }
  }

  /** A name that is no program the device has: a script file runs in a child shell; anything else fails as mksh does. */
  private async notRunnable(name: string, argv: string[], state: ShellState, io: Streams): Promise<number> {
    const st = name.includes('/') ? this.android.fs.stat(name) : null;
    if (!st) {
      await io.err(`${state.name}: ${name}: inaccessible or not found\n`);
      return NOT_FOUND;
    }
    const isDir = (st.mode & 0o170000) === 0o040000;
    // Shared storage is mounted noexec on Android: nothing under /sdcard or /storage runs.
    const noexec = /^\/(sdcard|storage)\//.test(name);
    const script = isDir ? null : this.readFile(name);
    if (isDir || noexec || (st.mode & 0o111) === 0 || !script) {
      await io.err(`${state.name}: ${name}: can't execute: ${isDir ? 'Is a directory' : 'Permission denied'}\n`);
      return CANNOT_EXECUTE;
    }
    if (script[0] === 0x7f && Buffer.from(script.subarray(1, 4)).toString() === 'ELF') {
      await io.err(`${state.name}: ${name}: can't execute: Exec format error\n`);
      return CANNOT_EXECUTE;
    }
    return BUILTINS.sh!({ argv: ['sh', name, ...argv.slice(1)], state, io, shell: this });
  }

  /** `adb shell` without a command: one shell reading lines, with mksh's `STATUS|host:/ $ ` prompt, until `exit` or the host closes. */
  private async interactive(state: ShellState, io: Streams): Promise<number> {
    const host = this.android.banner().device;
    // mksh's PS1: `#` for root (after `adb root`), `$` for the shell user.
    const prompt = () =>
      io.out(
        `${state.status !== 0 ? `${state.status}|` : ''}${host}:/ ${this.android.credentials.uid === 0 ? '#' : '$'} `,
      );
    await prompt();
    let pending = '';
    for await (const chunk of io.stdin) {
      pending += Buffer.from(chunk).toString('utf8');
      let nl: number;
      while ((nl = pending.search(/\r?\n|\r/)) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + (pending.slice(nl, nl + 2) === '\r\n' ? 2 : 1));
        if (line.trim() !== '') await this.runSource(line, state, { ...io, stdin: once(new Uint8Array()) });
        if (state.exit !== null) return state.exit;
        await prompt();
      }
      if (io.signal.aborted) break;
    }
    return state.status;
  }
}

/**
 * Whether a background pipeline keeps the session's stdout or stderr: the last command's stdout and every
 * command's stderr, unless redirected away (`>/dev/null 2>&1`, a file, `>&-`). Targets are words; a literal
 * fd number is what `N>&M` copies.
 */
function holdsSessionOutput(pipeline: Pipeline): boolean {
  return pipeline.commands.some((cmd, i) => {
    const fds: Record<number, 'session' | 'away'> = {
      1: i === pipeline.commands.length - 1 ? 'session' : 'away',
      2: 'session',
    };
    for (const r of cmd.redirects as Redirect[]) {
      const target = r.target.map((p) => (p.kind === 'text' ? p.text : '?')).join('');
      if (r.op === '>' || r.op === '>>') fds[r.fd] = 'away';
      else if (r.op === '>&') fds[r.fd] = target === '-' ? 'away' : (fds[Number(target)] ?? 'away');
    }
    return fds[1] === 'session' || fds[2] === 'session';
  });
}
