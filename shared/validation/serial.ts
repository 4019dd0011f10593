// The device serial a caller names (CLI --serial, IPC requests, the executor's entry) is checked here before it
// reaches adb, a lock or a receipt. adb serials are short printable names (USB serial numbers, host:port,
// mDNS names, or adb's own aliases such as model:X); anything else is refused with INVALID_SERIAL.
import type { TactileError } from '../errors';

/** Longest serial accepted, in UTF-8 bytes: longer than any adb serial, short enough for every message. */
export const SERIAL_MAX_BYTES = 255;

/** Control characters (C0, DEL, C1) and every kind of whitespace, line and paragraph separators included. */
const FORBIDDEN = /[\p{Cc}\s]/u;

/** UTF-8 length (shared/ has no TextEncoder); a lone surrogate counts as the 3 bytes of its replacement. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Why `serial` cannot name a device, or null when it can. The message never repeats the raw value. */
export function serialProblem(serial: unknown): string | null {
  if (typeof serial !== 'string') return 'a device serial must be a string';
  if (serial.length === 0) return 'the device serial is empty';
  if (utf8Length(serial) > SERIAL_MAX_BYTES) return `the device serial is longer than ${SERIAL_MAX_BYTES} bytes`;
  const bad = FORBIDDEN.exec(serial);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return `the device serial contains U+${code} at index ${bad.index}: control characters and whitespace are not allowed`;
  }
  return null;
}

/** The INVALID_SERIAL refusal for `serial`, or null when it is acceptable. `path` points at the serial in the request. */
export function checkSerial(serial: unknown, path = ''): TactileError | null {
  const problem = serialProblem(serial);
  return problem === null ? null : { code: 'INVALID_SERIAL', path, message: `${problem} (see \`tactile devices\`)` };
}
