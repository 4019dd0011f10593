// Streaming adb packet parser: accepts bytes split or merged at any boundary and yields whole
// packets. It checks what AOSP's check_header checks (magic, payload bound) and nothing more:
// no adb version verifies data_crc32 on receipt.

import { ByteQueue } from './byte-queue';
import { HEADER_LENGTH, MAX_PAYLOAD, commandName, type AdbPacket } from './packet';

export class AdbProtocolError extends Error {
  override readonly name = 'AdbProtocolError';
}

export class AdbPacketParser {
  private readonly queue = new ByteQueue();
  private header: { command: number; arg0: number; arg1: number; length: number } | null = null;

  constructor(private readonly maxPayload = MAX_PAYLOAD) {}

  /** Feeds bytes; returns the packets completed by them. Throws AdbProtocolError on a corrupt header. */
  push(chunk: Uint8Array): AdbPacket[] {
    this.queue.push(chunk);
    const packets: AdbPacket[] = [];
    for (;;) {
      if (!this.header) {
        if (this.queue.length < HEADER_LENGTH) break;
        this.header = this.readHeader(this.queue.take(HEADER_LENGTH));
      }
      if (this.queue.length < this.header.length) break;
      const { command, arg0, arg1, length } = this.header;
      // Copy so that a payload never aliases a larger socket buffer the caller may keep.
      packets.push({
        command,
        arg0,
        arg1,
        payload: length === 0 ? new Uint8Array(0) : this.queue.take(length).slice(),
      });
      this.header = null;
    }
    return packets;
  }

  private readHeader(bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_LENGTH);
    const command = view.getUint32(0, true);
    const magic = view.getUint32(20, true);
    if (magic !== (command ^ 0xffffffff) >>> 0) {
      throw new AdbProtocolError(
        `bad magic for command 0x${command.toString(16)} (${JSON.stringify(commandName(command))})`,
      );
    }
    const length = view.getUint32(12, true);
    if (length > this.maxPayload) {
      throw new AdbProtocolError(`payload of ${length} bytes exceeds maxdata ${this.maxPayload}`);
    }
    return { command, arg0: view.getUint32(4, true), arg1: view.getUint32(8, true), length };
  }
}
