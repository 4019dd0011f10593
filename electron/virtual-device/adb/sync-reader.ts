// Streaming reader of the host's sync requests. DONE carries an mtime and QUIT nothing, so neither
// has a payload; every other id is followed by `value` bytes (a path, or file data for DATA).

import { ByteQueue } from './byte-queue';
import { SYNC_DATA_MAX, SYNC_PATH_MAX } from './sync-protocol';

export interface SyncMessage {
  id: string;
  value: number;
  payload: Uint8Array;
}

export class SyncProtocolError extends Error {
  override readonly name = 'SyncProtocolError';
}

const NO_PAYLOAD = new Set(['DONE', 'QUIT']);
const EMPTY = new Uint8Array(0);

export class SyncReader {
  private readonly queue = new ByteQueue();
  private pending: { id: string; value: number } | null = null;

  /** Feeds bytes; returns the complete messages. Throws SyncProtocolError with adbd's wording on oversize fields. */
  push(chunk: Uint8Array): SyncMessage[] {
    this.queue.push(chunk);
    const out: SyncMessage[] = [];
    for (;;) {
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
      out.push({ ...this.pending, payload: this.queue.take(this.pending.value).slice() });
      this.pending = null;
    }
    return out;
  }
}
