// Incremental reader for the control socket (server side of ControlMessageReader.java, scrcpy 3.3.3).
// Hand-written because @yume-chan/scrcpy only serializes control messages; it has no server-side parser.
import { CONTROL_TYPE, type ControlMessage, type Position } from './control-message';

/** ControlMessageReader.MESSAGE_MAX_SIZE: a message larger than this is a protocol error. */
export const CONTROL_MESSAGE_MAX_SIZE = 1 << 18;

export class ControlProtocolError extends Error {
  override readonly name = 'ControlProtocolError';
}

/** Thrown inside a parse attempt when the buffer ends before the message does. */
const NEED_MORE = Symbol('need-more');

class Cursor {
  offset = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number): number {
    if (this.offset + n > this.bytes.length) throw NEED_MORE;
    const at = this.offset;
    this.offset += n;
    return at;
  }
  u8(): number {
    return this.view.getUint8(this.need(1));
  }
  u16(): number {
    return this.view.getUint16(this.need(2));
  }
  i16(): number {
    return this.view.getInt16(this.need(2));
  }
  i32(): number {
    return this.view.getInt32(this.need(4));
  }
  u32(): number {
    return this.view.getUint32(this.need(4));
  }
  i64(): bigint {
    return this.view.getBigInt64(this.need(8));
  }
  bytesOf(length: number): Uint8Array {
    if (length > CONTROL_MESSAGE_MAX_SIZE)
      throw new ControlProtocolError(`Control message field too large: ${length} bytes`);
    const at = this.need(length);
    return this.bytes.slice(at, at + length);
  }
  /** Java's parseByteArray(sizeBytes): a big-endian length of 1, 2 or 4 bytes, then the bytes. */
  lengthPrefixed(sizeBytes: 1 | 2 | 4): Uint8Array {
    const len = sizeBytes === 1 ? this.u8() : sizeBytes === 2 ? this.u16() : this.u32();
    return this.bytesOf(len);
  }
  string(sizeBytes: 1 | 2 | 4): string {
    return new TextDecoder().decode(this.lengthPrefixed(sizeBytes));
  }
  position(): Position {
    return { x: this.i32(), y: this.i32(), screenWidth: this.u16(), screenHeight: this.u16() };
  }
}

/** Binary.u16FixedPointToFloat */
export function u16FixedPointToFloat(value: number): number {
  return value === 0xffff ? 1 : value / 0x10000;
}

/** Binary.i16FixedPointToFloat */
export function i16FixedPointToFloat(value: number): number {
  return value === 0x7fff ? 1 : value / 0x8000;
}

function parseOne(c: Cursor): ControlMessage {
  const type = c.u8();
  switch (type) {
    case CONTROL_TYPE.INJECT_KEYCODE:
      return { type, action: c.u8(), keycode: c.i32(), repeat: c.i32(), metaState: c.i32() };
    case CONTROL_TYPE.INJECT_TEXT:
      return { type, text: c.string(4) };
    case CONTROL_TYPE.INJECT_TOUCH_EVENT:
      return {
        type,
        action: c.u8(),
        pointerId: c.i64(),
        position: c.position(),
        pressure: u16FixedPointToFloat(c.u16()),
        actionButton: c.i32(),
        buttons: c.i32(),
      };
    case CONTROL_TYPE.INJECT_SCROLL_EVENT: {
      const position = c.position();
      // The wire range is [-1, 1] in i16 fixed point for an actual range of [-16, 16] (as the Java reader says).
      const hScroll = i16FixedPointToFloat(c.i16()) * 16;
      const vScroll = i16FixedPointToFloat(c.i16()) * 16;
      return { type, position, hScroll, vScroll, buttons: c.i32() };
    }
    case CONTROL_TYPE.BACK_OR_SCREEN_ON:
      return { type, action: c.u8() };
    case CONTROL_TYPE.GET_CLIPBOARD:
      return { type, copyKey: c.u8() };
    case CONTROL_TYPE.SET_CLIPBOARD:
      return { type, sequence: c.i64(), paste: c.u8() !== 0, text: c.string(4) };
    case CONTROL_TYPE.SET_DISPLAY_POWER:
      return { type, on: c.u8() !== 0 };
    case CONTROL_TYPE.EXPAND_NOTIFICATION_PANEL:
    case CONTROL_TYPE.EXPAND_SETTINGS_PANEL:
    case CONTROL_TYPE.COLLAPSE_PANELS:
    case CONTROL_TYPE.ROTATE_DEVICE:
    case CONTROL_TYPE.OPEN_HARD_KEYBOARD_SETTINGS:
    case CONTROL_TYPE.RESET_VIDEO:
      return { type };
    case CONTROL_TYPE.UHID_CREATE:
      return { type, id: c.u16(), vendorId: c.u16(), productId: c.u16(), name: c.string(1), data: c.lengthPrefixed(2) };
    case CONTROL_TYPE.UHID_INPUT:
      return { type, id: c.u16(), data: c.lengthPrefixed(2) };
    case CONTROL_TYPE.UHID_DESTROY:
      return { type, id: c.u16() };
    case CONTROL_TYPE.START_APP:
      return { type, name: c.string(1) };
    default:
      throw new ControlProtocolError(`Unknown event type: ${type}`);
  }
}

/**
 * Feed it socket chunks in any split; it returns every message completed so far and keeps the rest.
 * Throws ControlProtocolError on an unknown type (the server then closes the control channel, like scrcpy).
 */
export class ControlMessageReader {
  private pending: Uint8Array = new Uint8Array(0);

  push(chunk: Uint8Array): ControlMessage[] {
    this.pending = this.pending.length === 0 ? chunk : concat(this.pending, chunk);
    const out: ControlMessage[] = [];
    let consumed = 0;
    while (consumed < this.pending.length) {
      const cursor = new Cursor(this.pending.subarray(consumed));
      try {
        out.push(parseOne(cursor));
      } catch (e) {
        if (e === NEED_MORE) break;
        throw e;
      }
      consumed += cursor.offset;
    }
    this.pending = this.pending.slice(consumed);
    return out;
  }

  /** Bytes received but not yet forming a whole message. */
  get bufferedBytes(): number {
    return this.pending.length;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
