// One adb stream as the device sees it: flow-controlled writes (one WRTE in flight until the
// host's OKAY, queued writes coalesced up to maxdata) and host data acknowledged only once the
// device side has consumed it, which is what gives `adb push` its back-pressure.

import type { DeviceStream } from '../device-services';

/** What a stream needs from its connection. */
export interface StreamLink {
  sendWrite(localId: number, remoteId: number, payload: Uint8Array): void;
  sendOkay(localId: number, remoteId: number): void;
  sendClose(localId: number, remoteId: number): void;
  maxData(): number;
  /** Forget the stream (its id will not be used again). */
  release(localId: number): void;
}

export class StreamClosedError extends Error {
  override readonly name = 'StreamClosedError';
  readonly code = 'ADB_STREAM_CLOSED';
}

interface PendingWrite {
  bytes: Uint8Array;
  offset: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class AdbStream implements DeviceStream {
  private dataHandler: ((chunk: Uint8Array) => void | Promise<void>) | null = null;
  private readonly closeHandlers: Array<() => void> = [];
  private readonly inbox: Uint8Array[] = [];
  private delivering = false;
  private readonly outbox: PendingWrite[] = [];
  /** Writes in the WRTE that awaits the host's OKAY. */
  private inFlight: PendingWrite[] = [];
  private canSend: boolean;
  private closing = false;
  private done = false;
  private hostClosed = false;

  constructor(
    readonly localId: number,
    public remoteId: number,
    private readonly link: StreamLink,
    /** A host OPEN implies the host is ready for our first WRTE; our own OPEN waits for the host's OKAY. */
    readyToSend: boolean,
  ) {
    this.canSend = readyToSend;
  }

  get closed(): boolean {
    return this.closing || this.done;
  }

  onData(handler: (chunk: Uint8Array) => void | Promise<void>): void {
    this.dataHandler = handler;
    void this.deliver();
  }

  onClose(handler: () => void): void {
    if (this.hostClosed) queueMicrotask(handler);
    else if (!this.done) this.closeHandlers.push(handler);
  }

  write(chunk: Uint8Array): Promise<void> {
    if (this.closed) return Promise.reject(new StreamClosedError(`stream ${this.localId} is closed`));
    if (chunk.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.outbox.push({ bytes: chunk, offset: 0, resolve, reject });
      this.pump();
    });
  }

  /** Device-side close: queued bytes still go out, then CLSE. */
  close(): void {
    if (this.closed) return;
    this.closing = true;
    this.pump();
  }

  // --- called by the connection ---

  /** WRTE from the host. */
  receive(payload: Uint8Array): void {
    if (this.done) return;
    this.inbox.push(payload);
    void this.deliver();
  }

  /** OKAY from the host: our last WRTE was consumed. */
  acknowledge(): void {
    if (this.done) return;
    const acked = this.inFlight;
    this.inFlight = [];
    this.canSend = true;
    for (const write of acked) if (write.offset === write.bytes.length) write.resolve();
    this.pump();
  }

  /** CLSE from the host, or the transport died: no reply, pending writes fail, onClose fires. */
  terminate(): void {
    if (this.done) return;
    this.done = true;
    this.hostClosed = true;
    this.inbox.length = 0;
    const error = new StreamClosedError(`stream ${this.localId} was closed by the host`);
    for (const write of [...this.inFlight, ...this.outbox]) write.reject(error);
    this.inFlight = [];
    this.outbox.length = 0;
    this.link.release(this.localId);
    for (const handler of this.closeHandlers.splice(0)) handler();
  }

  private pump(): void {
    if (this.done || !this.canSend) return;
    if (this.outbox.length === 0) {
      if (this.closing && this.inFlight.length === 0) this.finishClose();
      return;
    }
    const limit = this.link.maxData();
    const parts: Uint8Array[] = [];
    let size = 0;
    while (size < limit && this.outbox.length > 0) {
      const write = this.outbox[0]!;
      const take = Math.min(limit - size, write.bytes.length - write.offset);
      parts.push(write.bytes.subarray(write.offset, write.offset + take));
      write.offset += take;
      size += take;
      if (!this.inFlight.includes(write)) this.inFlight.push(write);
      if (write.offset === write.bytes.length) this.outbox.shift();
    }
    const payload = parts.length === 1 ? parts[0]! : concat(parts, size);
    this.canSend = false;
    this.link.sendWrite(this.localId, this.remoteId, payload);
  }

  private finishClose(): void {
    this.done = true;
    this.closeHandlers.length = 0;
    this.link.sendClose(this.localId, this.remoteId);
    this.link.release(this.localId);
  }

  private async deliver(): Promise<void> {
    if (this.delivering || !this.dataHandler) return;
    this.delivering = true;
    try {
      while (this.inbox.length > 0 && !this.done) {
        const chunk = this.inbox.shift()!;
        try {
          await this.dataHandler(chunk);
        } catch {
          // A consumer that cannot take bytes ends the stream, as a broken pipe would.
          this.close();
          return;
        }
        if (!this.done) this.link.sendOkay(this.localId, this.remoteId);
      }
    } finally {
      this.delivering = false;
    }
  }
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
