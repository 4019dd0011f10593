// The protocol's framing (unchanged since protocol 3): every message is one frame = u32 big-endian payload
// length, then that many bytes of UTF-8 JSON (one object). Pure: no sockets here; the transport feeds bytes in and writes bytes out.
import { decodeUtf8, encodeUtf8 } from './utf8';

export const FRAME_HEADER_BYTES = 4;
/** Largest payload either side accepts (16 MiB). A larger length header means a broken peer: the stream is dead. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export type FrameErrorReason = 'too_large' | 'empty' | 'invalid_utf8' | 'invalid_json' | 'not_object';

/** A framing error. The byte stream can no longer be trusted: close the connection. */
export class FrameError extends Error {
  constructor(
    readonly reason: FrameErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'FrameError';
  }
}

/** Frames an exact JSON text (used by golden-byte tests and by encodeFrame). */
export function encodePayload(json: string): Uint8Array {
  const payload = encodeUtf8(json);
  if (payload.length === 0) throw new FrameError('empty', 'a frame payload cannot be empty');
  if (payload.length > MAX_FRAME_BYTES) {
    throw new FrameError('too_large', `payload of ${payload.length} bytes exceeds ${MAX_FRAME_BYTES}`);
  }
  const frame = new Uint8Array(FRAME_HEADER_BYTES + payload.length);
  new DataView(frame.buffer).setUint32(0, payload.length, false);
  frame.set(payload, FRAME_HEADER_BYTES);
  return frame;
}

export function encodeFrame(message: Record<string, unknown>): Uint8Array {
  return encodePayload(JSON.stringify(message));
}

function parsePayload(payload: Uint8Array): Record<string, unknown> {
  let text: string;
  try {
    text = decodeUtf8(payload);
  } catch {
    throw new FrameError('invalid_utf8', 'frame payload is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FrameError('invalid_json', 'frame payload is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FrameError('not_object', 'frame payload must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/**
 * Streaming decoder: feed chunks split or merged at any byte boundary, get whole messages back in order.
 * Chunks are queued and joined only once a whole frame is there, so a large frame arriving in small chunks
 * is copied once, not once per chunk. After a FrameError every later push throws the same error (the stream
 * is desynchronised); messages completed earlier in the failing chunk are dropped with it.
 */
export class FrameDecoder {
  private chunks: Uint8Array[] = [];
  private queued = 0;
  private expected: number | null = null;
  private failure: FrameError | null = null;

  push(chunk: Uint8Array): Array<Record<string, unknown>> {
    if (this.failure) throw this.failure;
    if (chunk.length > 0) {
      this.chunks.push(chunk.slice());
      this.queued += chunk.length;
    }
    const messages: Array<Record<string, unknown>> = [];
    try {
      for (;;) {
        if (this.expected === null) {
          if (this.queued < FRAME_HEADER_BYTES) break;
          const header = this.take(FRAME_HEADER_BYTES);
          const length = new DataView(header.buffer, header.byteOffset, FRAME_HEADER_BYTES).getUint32(0, false);
          if (length > MAX_FRAME_BYTES)
            throw new FrameError('too_large', `frame length ${length} exceeds ${MAX_FRAME_BYTES}`);
          if (length === 0) throw new FrameError('empty', 'a frame payload cannot be empty');
          this.expected = length;
        }
        if (this.queued < this.expected) break;
        messages.push(parsePayload(this.take(this.expected)));
        this.expected = null;
      }
    } catch (error) {
      if (error instanceof FrameError) this.failure = error;
      throw error;
    }
    return messages;
  }

  /** Bytes received but not yet returned as a message (non-zero at close means a truncated stream). */
  get pendingBytes(): number {
    return this.queued + (this.expected === null ? 0 : FRAME_HEADER_BYTES);
  }

  /** Removes exactly n queued bytes from the front (the caller checked that n are queued). */
  private take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const head = this.chunks[0] as Uint8Array;
      const used = Math.min(head.length, n - filled);
      out.set(head.subarray(0, used), filled);
      filled += used;
      if (used === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(used);
    }
    this.queued -= n;
    return out;
  }
}
