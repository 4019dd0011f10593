// `shell:CMD` and `exec:CMD`: run one command line through the simulated /system/bin/sh, then
// close. Without the shell protocol (we do not offer shell_v2) adbd merges stderr into the
// stream and the exit status is not transmitted, exactly as here.

import type { DeviceStream, ShellIo, VirtualShell } from '../../device-services';
import { StreamClosedError } from '../stream';
import { streamInput } from './stream-input';

const encoder = new TextEncoder();

export function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

/** Aborts when the host closes the stream or the transport dies. */
export function streamSignal(stream: DeviceStream): AbortSignal {
  const controller = new AbortController();
  if (stream.closed) controller.abort();
  stream.onClose(() => controller.abort());
  return controller.signal;
}

export function serveShellCommand(stream: DeviceStream, shell: VirtualShell, command: string): void {
  // Writes reject with StreamClosedError once the host is gone, so a chatty command cannot spin.
  const write = (chunk: Uint8Array | string) => stream.write(toBytes(chunk));
  const io: ShellIo = { stdout: write, stderr: write, signal: streamSignal(stream), stdin: streamInput(stream) };
  shell.exec(command, io).then(
    () => stream.close(),
    async (error: unknown) => {
      // A failing simulation must not take the transport down; report like sh would and end the stream.
      if (!stream.closed && !(error instanceof StreamClosedError)) {
        await write(`/system/bin/sh: ${error instanceof Error ? error.message : String(error)}\n`).catch(
          () => undefined,
        );
      }
      stream.close();
    },
  );
}
