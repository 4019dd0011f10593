// `shell,v2,raw:CMD`, `shell,v2,pty:CMD` and their interactive forms (empty CMD): the simulated
// /system/bin/sh behind the shell protocol, so the host gets stdout and stderr apart (raw) and the
// exit status in every case. A PTY merges stderr into stdout and turns LF into CRLF, as a terminal
// does; a raw shell without a command reads its script from stdin without a prompt, like `sh` does
// when stdin is not a terminal.

import type { DeviceStream, ShellIo, VirtualShell } from '../../device-services';
import { StreamClosedError } from '../stream';
import { exitStatus, lfToCrlf, serveInteractiveShell } from './interactive-shell';
import { ShellProtocolSession } from './shell-protocol-session';
import { streamSignal, toBytes } from './shell-command';
import { streamInput } from './stream-input';

const NO_INPUT: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };

export interface ShellV2Request {
  command: string;
  pty: boolean;
}

export function serveShellV2(
  stream: DeviceStream,
  shell: VirtualShell,
  request: ShellV2Request,
  hostname: string,
): void {
  const session = new ShellProtocolSession(stream, request.pty);
  if (request.command === '') {
    if (request.pty) serveInteractiveShell(session.input, shell, hostname, (status) => session.exit(status));
    else serveScript(session, shell, streamSignal(stream));
    return;
  }
  const signal = streamSignal(stream);
  const stdout = (chunk: Uint8Array | string) =>
    session.stdout(request.pty ? lfToCrlf(toBytes(chunk)) : toBytes(chunk));
  const stderr = request.pty ? stdout : (chunk: Uint8Array | string) => session.stderr(toBytes(chunk));
  runToExit(session, shell, request.command, { stdout, stderr, signal, stdin: streamInput(session.input) });
}

/** Runs one command line and reports its status; a failing simulation reads as sh's error status 1. */
function runToExit(session: ShellProtocolSession, shell: VirtualShell, commandLine: string, io: ShellIo): void {
  shell.exec(commandLine, io).then(
    (status) => session.exit(status),
    async (error: unknown) => {
      if (!session.closed && !(error instanceof StreamClosedError)) {
        await io
          .stderr(`/system/bin/sh: ${error instanceof Error ? error.message : String(error)}\n`)
          .catch(() => undefined);
      }
      session.exit(1);
    },
  );
}

/** `sh` reading commands from a pipe: each complete line runs in turn; EOF or `exit` ends with the last status. */
function serveScript(session: ShellProtocolSession, shell: VirtualShell, signal: AbortSignal): void {
  const io: ShellIo = {
    stdout: (chunk) => session.stdout(toBytes(chunk)),
    stderr: (chunk) => session.stderr(toBytes(chunk)),
    signal,
    // The script is stdin, so the commands it runs read nothing more from it.
    stdin: NO_INPUT,
  };
  const run = async () => {
    const text = new TextDecoder('utf-8');
    let pending = '';
    let status = 0;
    const runLines = async (final: boolean): Promise<boolean> => {
      const lines = pending.split('\n');
      pending = final ? '' : lines.pop()!;
      for (const line of lines) {
        const trimmed = line.trim();
        if (trimmed === 'exit' || trimmed.startsWith('exit ')) {
          status = exitStatus(trimmed, status);
          return false;
        }
        if (trimmed === '' || trimmed.startsWith('#')) continue;
        try {
          status = await shell.exec(line, io);
        } catch (error) {
          if (error instanceof StreamClosedError || signal.aborted) return false;
          await io.stderr(`/system/bin/sh: ${error instanceof Error ? error.message : String(error)}\n`);
          status = 1;
        }
      }
      return true;
    };
    for await (const chunk of streamInput(session.input)) {
      pending += text.decode(chunk, { stream: true });
      if (!(await runLines(false))) return status;
    }
    pending += text.decode();
    await runLines(true);
    return status;
  };
  run().then(
    (status) => session.exit(status),
    () => session.exit(1),
  );
}
