// Device → client messages on the control socket (DeviceMessageWriter.java, scrcpy 3.3.3). Pure serialization.

export const DEVICE_MESSAGE_TYPE = { CLIPBOARD: 0, ACK_CLIPBOARD: 1, UHID_OUTPUT: 2 } as const;

/** DeviceMessageWriter.CLIPBOARD_TEXT_MAX_LENGTH: 256 KiB minus type (1) and length (4). */
export const CLIPBOARD_TEXT_MAX_LENGTH = (1 << 18) - 5;

export type DeviceMessage =
  | { type: typeof DEVICE_MESSAGE_TYPE.CLIPBOARD; text: string }
  | { type: typeof DEVICE_MESSAGE_TYPE.ACK_CLIPBOARD; sequence: bigint }
  | { type: typeof DEVICE_MESSAGE_TYPE.UHID_OUTPUT; id: number; data: Uint8Array };

/** StringUtils.getUtf8TruncationIndex: the longest prefix ≤ maxLength that does not cut a UTF-8 sequence. */
export function utf8TruncationIndex(utf8: Uint8Array, maxLength: number): number {
  let len = utf8.length;
  if (len <= maxLength) return len;
  len = maxLength;
  // Step back over continuation bytes (10xxxxxx) so the cut lands on a code point boundary.
  while ((utf8[len]! & 0xc0) === 0x80) len--;
  return len;
}

export function serializeDeviceMessage(message: DeviceMessage): Uint8Array {
  switch (message.type) {
    case DEVICE_MESSAGE_TYPE.CLIPBOARD: {
      const raw = new TextEncoder().encode(message.text);
      const len = utf8TruncationIndex(raw, CLIPBOARD_TEXT_MAX_LENGTH);
      const out = new Uint8Array(5 + len);
      out[0] = message.type;
      new DataView(out.buffer).setUint32(1, len);
      out.set(raw.subarray(0, len), 5);
      return out;
    }
    case DEVICE_MESSAGE_TYPE.ACK_CLIPBOARD: {
      const out = new Uint8Array(9);
      out[0] = message.type;
      new DataView(out.buffer).setBigInt64(1, message.sequence);
      return out;
    }
    case DEVICE_MESSAGE_TYPE.UHID_OUTPUT: {
      const out = new Uint8Array(5 + message.data.length);
      const view = new DataView(out.buffer);
      out[0] = message.type;
      view.setUint16(1, message.id);
      view.setUint16(3, message.data.length);
      out.set(message.data, 5);
      return out;
    }
  }
}
