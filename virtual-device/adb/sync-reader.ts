// Streaming reader of the host's sync requests. DONE carries an mtime and QUIT nothing, so neither
// has a payload; every other id is followed by `value` bytes (a path, or file data for DATA).
// SND2 and RCV2 (sync v2) follow their path with a second message holding mode and flags, and
// come out as one message carrying both.

import { ByteQueue } from './byte-queue';
import { SYNC_DATA_MAX, SYNC_PATH_MAX } from './sync-protocol';

export interface SyncMessage {
  id: string;
  value: number;
  payload: Uint8Array;
  /** SND2: the file mode; RCV2: absent. */
  mode?: number;
  /** SND2/RCV2: SyncFlag bits. */
  flags?: number;
}

export class SyncProtocolError extends Error {
  override readonly name = 'SyncProtocolError';
}

const NO_PAYLOAD = new Set(['DONE', 'QUIT']);
const EMPTY = new Uint8Array(0);
/** Size of the second SND2/RCV2 message: id + mode + flags, or id + flags. */
const V2_ARGS_SIZE: Record<string, number> = { SND2: 12, RCV2: 8 };

export class SyncReader {
  private readonly queue = new ByteQueue();
  private pending: { id: string; value: number } | null = null;
  /** A SND2/RCV2 path message waiting for its mode/flags message. */
  private v2Request: SyncMessage | null = null;

  /** Feeds bytes; returns the complete messages. Throws SyncProtocolError with adbd's wording on oversize fields. */
  push(chunk: Uint8Array): SyncMessage[] {
    this.queue.push(chunk);
    const out: SyncMessage[] = [];
    for (;;) {
      if (this.v2Request) {
        const request = this.v2Request;
        const size = V2_ARGS_SIZE[request.id]!;
        if (this.queue.length < size) break;
        const args = this.queue.take(size);
        const view = new DataView(args.buffer, args.byteOffset, size);
        if (String.fromCharCode(args[0]!, args[1]!, args[2]!, args[3]!) !== request.id) {
          throw new SyncProtocolError(`${request.id} request without its ${request.id} arguments`);
        }
        this.v2Request = null;
        if (request.id === 'SND2')
          out.push({ ...request, mode: view.getUint32(4, true), flags: view.getUint32(8, true) });
        else out.push({ ...request, flags: view.getUint32(4, true) });
        continue;
      }
      if (!this.pending) {
        if (this.queue.length < 8) break;
        const head = this.queue.take(8);
        const id = String.fromCharCode(head[0]!, head[1]!, head[2]!, head[3]!);
        const value = new DataView(head.buffer, head.byteOffset, 8).getUint32(4, true);
        if (NO_PAYLOAD.has(id)) {
          out.push({ id, value, payload: EMPTY });
          continue;
        }
        if (id === 'DATA' && value > SYNC_DATA_MAX) throw new SyncProtocolError('oversize data message');
        if (id !== 'DATA' && value > SYNC_PATH_MAX) throw new SyncProtocolError('path too long');
        this.pending = { id, value };
      }
      if (this.queue.length < this.pending.value) break;
      const message = { ...this.pending, payload: this.queue.take(this.pending.value).slice() };
      this.pending = null;
      if (message.id in V2_ARGS_SIZE) this.v2Request = message;
      else out.push(message);
    }
    return out;
  }
}
