// The contract every `tactile` command follows: one JSON object on stdout, a documented exit code,
// never a stack trace. Commands live in commands/<name>.ts and are listed once in catalog.ts.
import type { TactileError } from '../shared/errors';

export const EXIT = {
  ok: 0,
  /** The request was read and judged invalid. */
  invalid: 1,
  /** The command was called wrongly: unknown command or flag, missing or unreadable FILE. */
  usage: 2,
  /** A bug in Tactile: reported as INTERNAL, never as a stack trace. */
  internal: 3,
} as const;

export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Reads a UTF-8 text file; rejects when it cannot. */
  readFile(path: string): Promise<string>;
}

export interface CliCommand {
  name: string;
  /** One line: `tactile NAME ARGS…` */
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(JSON.stringify(value) + '\n');
}

export function printErrors(io: CliIo, errors: TactileError[], exitCode: number): number {
  printJson(io, { ok: false, errors });
  return exitCode;
}

/** A usage error: the JSON verdict on stdout, the usage line on stderr for the human. */
export function usageError(
  io: CliIo,
  usage: string,
  message: string,
  code: TactileError['code'] = 'INVALID_ARGUMENT',
): number {
  io.stderr.write(`usage: ${usage}\n`);
  printJson(io, { ok: false, errors: [{ code, path: '', message }], usage });
  return EXIT.usage;
}
