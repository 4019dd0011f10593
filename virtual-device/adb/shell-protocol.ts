// The shell protocol that `shell,v2,…:` and `abb:` streams carry (AOSP adb shell_protocol.h): each
// packet is `id (1 byte) + length (u32 LE) + data`, so stdout, stderr, the exit status, stdin and
// its end, and terminal resizes share one adb stream. Pure: no I/O.

import { ByteQueue } from './byte-queue';

export const ShellPacketId = {
  stdin: 0,
  stdout: 1,
  stderr: 2,
  /** One byte: the exit status (0–255). */
  exit: 3,
  /** The host's stdin reached EOF. */
  closeStdin: 4,
  /** ASCII `ROWSxCOLS,XPIXELSxYPIXELS`. */
  windowSizeChange: 5,
} as const;

export interface ShellPacket {
  id: number;
  data: Uint8Array;
}

/** adbd's shell protocol buffer is MAX_PAYLOAD; a longer packet from the host means a broken client. */
export const SHELL_PACKET_MAX = 1024 * 1024;

export class ShellProtocolError extends Error {
  override readonly name = 'ShellProtocolError';
}

export function encodeShellPacket(id: number, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + data.length);
  out[0] = id;
  new DataView(out.buffer).setUint32(1, data.length, true);
  out.set(data, 5);
  return out;
}

export function encodeExitPacket(status: number): Uint8Array {
  return encodeShellPacket(ShellPacketId.exit, Uint8Array.of(status & 0xff));
}

/** Streaming reader: packets may straddle WRTE payloads in any way. */
export class ShellPacketReader {
  private readonly queue = new ByteQueue();
  private pending: { id: number; length: number } | null = null;

  push(chunk: Uint8Array): ShellPacket[] {
    this.queue.push(chunk);
    const out: ShellPacket[] = [];
    for (;;) {
      if (!this.pending) {
        if (this.queue.length < 5) break;
        const head = this.queue.take(5);
        const length = new DataView(head.buffer, head.byteOffset, 5).getUint32(1, true);
        if (length > SHELL_PACKET_MAX) throw new ShellProtocolError(`shell packet of ${length} bytes`);
        this.pending = { id: head[0]!, length };
      }
      if (this.queue.length < this.pending.length) break;
      out.push({ id: this.pending.id, data: this.queue.take(this.pending.length).slice() });
      this.pending = null;
    }
    return out;
  }
}
