// Interactive `shell:` (no command): adbd gives it a PTY, so this plays both the terminal line
// discipline (echo, CR/LF handling, backspace, ^C, ^D, LF→CRLF on output) and mksh's prompt loop
// (`device:/ $ `, `N|device:/ $ ` after a failure, `exit`), calling the simulated shell per line.

import type { DeviceStream, ShellIo, VirtualShell } from '../../device-services';
import { StreamClosedError } from '../stream';
import { streamSignal, toBytes } from './shell-command';

const NO_INPUT: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };

/**
 * `onExit` receives the status the shell ends with (`exit N`, or the last command's on `exit`/^D), for
 * the shell protocol's exit packet; without it (plain `shell:`) the stream just closes.
 */
export function serveInteractiveShell(
  stream: DeviceStream,
  shell: VirtualShell,
  hostname: string,
  onExit: (status: number) => void = () => stream.close(),
): void {
  const text = new TextDecoder('utf-8');
  const hangup = streamSignal(stream);
  let line = '';
  let lastCode = 0;
  let afterCr = false;
  let running: AbortController | null = null;
  /** A command ended and its prompt is being written: input that arrives now queues behind the typeahead. */
  let prompting = false;
  const typeahead: string[] = [];

  const write = ptyReads(stream);
  const send = (s: string) => write(toBytes(s)).catch(() => undefined);
  const prompt = () => send(`${lastCode === 0 ? '' : `${lastCode}|`}${hostname}:/ $ `);

  const run = (commandLine: string) => {
    const trimmed = commandLine.trim();
    if (trimmed === 'exit' || trimmed.startsWith('exit ')) {
      onExit(exitStatus(trimmed, lastCode));
      return;
    }
    if (trimmed === '') {
      void prompt();
      return;
    }
    const controller = new AbortController();
    running = controller;
    const signal = AbortSignal.any([hangup, controller.signal]);
    // The PTY's onlcr turns every LF the program writes into CRLF.
    const out = (chunk: Uint8Array | string) => write(lfToCrlf(toBytes(chunk)));
    const io: ShellIo = { stdout: out, stderr: out, signal, stdin: NO_INPUT };
    shell
      .exec(commandLine, io)
      .then(
        (code) => (lastCode = code),
        (error: unknown) => {
          lastCode = controller.signal.aborted ? 130 : 1;
          if (!(error instanceof StreamClosedError) && !controller.signal.aborted) {
            void send(`/system/bin/sh: ${error instanceof Error ? error.message : String(error)}\r\n`);
          }
        },
      )
      .finally(() => {
        running = null;
        if (stream.closed) return;
        if (controller.signal.aborted) lastCode = 130;
        prompting = true;
        void prompt().then(() => {
          prompting = false;
          const pending = typeahead.splice(0).join('');
          if (pending) consume(pending);
        });
      });
  };

  const consume = (chars: string) => {
    for (const ch of chars) {
      if (stream.closed) return;
      if (prompting) {
        typeahead.push(ch);
        continue;
      }
      if (running) {
        if (ch === '\x03') {
          void send('^C\r\n');
          running.abort();
        } else typeahead.push(ch);
        continue;
      }
      if (ch === '\n' && afterCr) {
        afterCr = false;
        continue;
      }
      afterCr = ch === '\r';
      if (ch === '\r' || ch === '\n') {
        void send('\r\n');
        const submitted = line;
        line = '';
        run(submitted);
      } else if (ch === '\x7f' || ch === '\b') {
        if (line.length > 0) {
          line = [...line].slice(0, -1).join('');
          void send('\b \b');
        }
      } else if (ch === '\x03') {
        line = '';
        void send('^C\r\n').then(prompt);
      } else if (ch === '\x04') {
        if (line.length === 0) onExit(lastCode);
      } else {
        line += ch;
        void send(ch);
      }
    }
  };

  stream.onData((chunk) => consume(text.decode(chunk, { stream: true })));
  void prompt();
}

/**
 * The terminal's output as adbd forwards a PTY: each read of the PTY master takes everything written since the
 * last one, so the echo of a pasted line goes out as one packet, not one per character as a simulation writing
 * each echo at once would send. Order is kept: a batch is written after the one before it was handed to the
 * stream.
 */
function ptyReads(stream: DeviceStream): (bytes: Uint8Array) => Promise<void> {
  let batch: Uint8Array[] = [];
  let written: Promise<void> | null = null;
  return (bytes) => {
    // A hung-up stream refuses the write as before (a command sees StreamClosedError).
    if (stream.closed) return stream.write(bytes);
    batch.push(bytes);
    written ??= Promise.resolve().then(() => {
      const chunks = batch;
      batch = [];
      written = null;
      const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.length;
      }
      return stream.write(all);
    });
    return written;
  };
}

/** mksh's `exit [N]`: N modulo 256; without a numeric N, the last command's status. */
export function exitStatus(commandLine: string, lastStatus: number): number {
  const arg = commandLine.trim().split(/\s+/)[1];
  if (arg === undefined || !/^-?\d+$/.test(arg)) return lastStatus;
  return ((Number(arg) % 256) + 256) % 256;
}

/** A PTY's onlcr output processing. */
export function lfToCrlf(bytes: Uint8Array): Uint8Array {
  let lf = 0;
  for (const b of bytes) if (b === 0x0a) lf++;
  if (lf === 0) return bytes;
  const out = new Uint8Array(bytes.length + lf);
  let at = 0;
  for (const b of bytes) {
    if (b === 0x0a) out[at++] = 0x0d;
    out[at++] = b;
  }
  return out;
}
