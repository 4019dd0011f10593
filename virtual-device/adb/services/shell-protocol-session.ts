// One shell-protocol stream as adbd's Subprocess sees it: host packets carry stdin (with its own
// EOF) and terminal resizes; stdout, stderr and the exit status go back as packets. A PTY
// subprocess keeps its input open on close-stdin, as adbd does (a PTY cannot half-close).

import type { DeviceStream } from '../../device-services';
import { ShellPacketId, ShellPacketReader, encodeExitPacket, encodeShellPacket } from '../shell-protocol';
import { StreamClosedError } from '../stream';

export class ShellProtocolSession {
  private readonly reader = new ShellPacketReader();
  private stdinHandler: ((chunk: Uint8Array) => void | Promise<void>) | null = null;
  private readonly stdinCloseHandlers: Array<() => void> = [];
  private stdinClosed = false;
  private exited = false;

  /** The subprocess's stdin as a stream: data from stdin packets, closed by close-stdin (raw only) or hang-up. */
  readonly input: DeviceStream;

  constructor(
    private readonly stream: DeviceStream,
    pty: boolean,
  ) {
    const isClosed = () => this.closed;
    this.input = {
      onData: (handler) => (this.stdinHandler = handler),
      onClose: (handler) => {
        if (this.stdinClosed) queueMicrotask(handler);
        else this.stdinCloseHandlers.push(handler);
      },
      write: (chunk) => this.stdout(chunk),
      close: () => this.exit(0),
      get closed() {
        return isClosed();
      },
    };
    stream.onClose(() => this.endStdin());
    stream.onData(async (chunk) => {
      // A malformed packet throws: the stream then closes, like adbd dropping a broken client.
      for (const packet of this.reader.push(chunk)) {
        if (packet.id === ShellPacketId.stdin) {
          if (!this.stdinClosed) await this.stdinHandler?.(packet.data);
        } else if (packet.id === ShellPacketId.closeStdin) {
          if (!pty) this.endStdin();
        }
        // adbd applies window-size-change to the PTY (TIOCSWINSZ); no simulated command lays out by terminal
        // width, so resizes, like unknown ids, are read and dropped.
      }
    });
  }

  get closed(): boolean {
    return this.exited || this.stream.closed;
  }

  stdout(chunk: Uint8Array): Promise<void> {
    return this.send(ShellPacketId.stdout, chunk);
  }

  stderr(chunk: Uint8Array): Promise<void> {
    return this.send(ShellPacketId.stderr, chunk);
  }

  /** Sends the exit status and closes the stream once every earlier packet has gone out. Idempotent. */
  exit(status: number): void {
    if (this.exited) return;
    this.exited = true;
    if (!this.stream.closed) {
      this.stream.write(encodeExitPacket(status)).catch(() => undefined);
      this.stream.close();
    }
    this.endStdin();
  }

  private send(id: number, chunk: Uint8Array): Promise<void> {
    if (chunk.length === 0) return Promise.resolve();
    if (this.exited) return Promise.reject(new StreamClosedError('the shell session has exited'));
    return this.stream.write(encodeShellPacket(id, chunk));
  }

  private endStdin(): void {
    if (this.stdinClosed) return;
    this.stdinClosed = true;
    for (const handler of this.stdinCloseHandlers.splice(0)) handler();
  }
}
