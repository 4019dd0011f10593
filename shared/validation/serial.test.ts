// The device serial check every boundary uses (CLI --serial, IPC requests, the executor entry).
import { describe, expect, it } from 'vitest';
import { checkSerial, SERIAL_MAX_BYTES } from './serial';

describe('checkSerial', () => {
  it('accepts what adb calls devices, up to 255 bytes', () => {
    for (const serial of [
      'emulator-5554',
      'R58M1234ABC',
      '127.0.0.1:06621',
      '[::1]:5555',
      'model:Pixel_8',
      'transport_id:3',
      'usb:1-1',
      'x'.repeat(SERIAL_MAX_BYTES),
    ]) {
      expect(checkSerial(serial), serial).toBeNull();
    }
  });

  const refused: Array<[string, unknown]> = [
    ['a NUL', '\u0000'],
    ['a trailing newline', '127.0.0.1:6621\n'],
    ['a carriage return', 'emulator-5554\r'],
    ['an escape sequence', 'a\u001b[2Jb'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085'],
    ['a space', 'emulator 5554'],
    ['a line separator', 'a\u2028b'],
    ['the empty string', ''],
    ['256 bytes', 'x'.repeat(256)],
    ['a 200-character serial of 2-byte characters', 'é'.repeat(200)],
    ['a number', 5554],
  ];
  for (const [name, serial] of refused) {
    it(`refuses ${name} with INVALID_SERIAL and a message that names no path and repeats no control character`, () => {
      const error = checkSerial(serial, '/serial');
      expect(error).toMatchObject({ code: 'INVALID_SERIAL', path: '/serial' });
      expect(error!.message).not.toMatch(/[\p{Cc}]|\/(tmp|home|root|var)\b|\.lock/u);
    });
  }

  it('says which character is refused and where', () => {
    expect(checkSerial('ab\ncd')!.message).toContain('U+000A at index 2');
  });
});
