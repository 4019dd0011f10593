// Android's /system/bin/sh as far as adb clients use it: command lists, pipes, redirections and the
// commands in commands.ts. Unknown commands fail like mksh does (`/system/bin/sh: X: not found`, 127).
import type { ShellIo, VirtualShell } from '../../device-services';
import type { SimulatedAndroid } from '../device';
import { parseCommandLine, type SimpleCommand } from './command-line';
import { COMMANDS } from './commands';
import type { CommandContext } from './context';

const NOT_FOUND = 127;

async function* once(data: Uint8Array): AsyncIterable<Uint8Array> {
  if (data.length > 0) yield data;
}

const toBytes = (c: string | Uint8Array): Uint8Array => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c);

export class AndroidShell implements VirtualShell {
  constructor(private readonly android: SimulatedAndroid) {}

  async exec(commandLine: string, io: ShellIo): Promise<number> {
    if (commandLine.trim() === '') return this.interactive(io);
    return this.runLine(commandLine, io, io.stdin);
  }

  private async runLine(line: string, io: ShellIo, stdin: AsyncIterable<Uint8Array>): Promise<number> {
    let items;
    try {
      items = parseCommandLine(line);
    } catch (e) {
      await io.stderr(`/system/bin/sh: ${(e as Error).message}\n`);
      return 1;
    }
    let status = 0;
    let skip = false;
    for (const item of items) {
      if (io.signal.aborted) return 130;
      if (!skip) status = await this.runPipeline(item.pipeline, io, stdin);
      skip = (item.next === '&&' && status !== 0) || (item.next === '||' && status === 0);
    }
    return status;
  }

  private async runPipeline(pipeline: SimpleCommand[], io: ShellIo, stdin: AsyncIterable<Uint8Array>): Promise<number> {
    let input = stdin;
    let status = 0;
    for (let i = 0; i < pipeline.length; i++) {
      const last = i === pipeline.length - 1;
      const captured: Uint8Array[] = [];
      const out = last ? (c: string | Uint8Array) => io.stdout(c) : async (c: string | Uint8Array) => void captured.push(toBytes(c));
      status = await this.runCommand(pipeline[i]!, input, out, (c) => io.stderr(c), io.signal);
      input = once(Buffer.concat(captured));
    }
    return status;
  }

  private async runCommand(
    cmd: SimpleCommand,
    stdin: AsyncIterable<Uint8Array>,
    stdout: (c: string | Uint8Array) => Promise<void>,
    stderr: (c: string | Uint8Array) => Promise<void>,
    signal: AbortSignal,
  ): Promise<number> {
    const files: Array<{ path: string; append: boolean; parts: Uint8Array[] }> = [];
    let out = stdout;
    let err = stderr;
    for (const r of cmd.redirects) {
      if (r.target === '&1') {
        err = (c) => out(c);
        continue;
      }
      const sink = r.target === '/dev/null' ? null : { path: r.target, append: r.append, parts: [] as Uint8Array[] };
      if (sink) files.push(sink);
      const write = async (c: string | Uint8Array) => void sink?.parts.push(toBytes(c));
      if (r.fd === 1) out = write;
      else err = write;
    }
    // Leading NAME=value words set the command's environment (`CLASSPATH=… app_process …`).
    const assignments = cmd.argv.findIndex((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
    const argv = assignments < 0 ? [] : cmd.argv.slice(assignments);
    const env = Object.fromEntries(cmd.argv.slice(0, assignments < 0 ? cmd.argv.length : assignments).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
    const name = argv[0];
    let status = 0;
    if (name !== undefined) {
      const base = name.replace(/^\/system\/(x?bin)\//, '');
      const run = COMMANDS[base];
      const ctx: CommandContext = { argv: [base, ...argv.slice(1)], env, android: this.android, stdin, out, err, signal };
      if (run) status = await run(ctx);
      else {
        await stderr(`/system/bin/sh: ${name}: not found\n`);
        status = NOT_FOUND;
      }
    }
    for (const f of files) {
      const existing = f.append ? this.android.fs.read(f.path) : null;
      try {
        this.android.fs.write(f.path, Buffer.concat([...(existing ? [existing] : []), ...f.parts]), 0o100644, Math.floor(this.android.clock() / 1000));
      } catch {
        await stderr(`/system/bin/sh: can't create ${f.path}: No such file or directory\n`);
        status = 1;
      }
    }
    return status;
  }

  /** `adb shell` without a command: a prompt, one command per line, until `exit` or the host closes. */
  private async interactive(io: ShellIo): Promise<number> {
    const prompt = `${this.android.banner().device}:/ $ `;
    await io.stdout(prompt);
    let pending = '';
    let status = 0;
    for await (const chunk of io.stdin) {
      pending += Buffer.from(chunk).toString('utf8');
      let nl: number;
      while ((nl = pending.search(/\r?\n|\r/)) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + (pending.slice(nl, nl + 2) === '\r\n' ? 2 : 1));
        const exit = /^\s*exit(?:\s+(\d+))?\s*$/.exec(line);
        if (exit) return exit[1] ? Number(exit[1]) : status;
        if (line.trim() !== '') status = await this.runLine(line, io, once(new Uint8Array()));
        await io.stdout(prompt);
      }
      if (io.signal.aborted) break;
    }
    return status;
  }
}
