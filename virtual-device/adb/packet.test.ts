import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_WRTE,
  encodePacket,
  openPayload,
  payloadChecksum,
  type AdbPacket,
} from './packet';
import { AdbPacketParser, AdbProtocolError } from './packet-parser';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const text = (s: string) => new TextEncoder().encode(s);
const packet = (command: number, arg0: number, arg1: number, payload: Uint8Array = new Uint8Array(0)): AdbPacket => ({
  command,
  arg0,
  arg1,
  payload,
});

// Expected bytes were produced independently (Python struct.pack('<IIIIII', ...)).
describe('adb packet encoding (golden bytes)', () => {
  it('encodes OKAY, CLSE, WRTE, OPEN and CNXN', () => {
    expect(hex(encodePacket(packet(A_OKAY, 1, 2), false))).toBe('4f4b415901000000020000000000000000000000b0b4bea6');
    expect(hex(encodePacket(packet(A_CLSE, 0, 7), false))).toBe('434c534500000000070000000000000000000000bcb3acba');
    expect(hex(encodePacket(packet(A_WRTE, 3, 4, text('hi')), false))).toBe(
      '5752544503000000040000000200000000000000a8adabba6869',
    );
    expect(hex(encodePacket(packet(A_OPEN, 5, 0, openPayload('shell:')), false))).toBe(
      '4f50454e05000000000000000700000000000000b0afbab17368656c6c3a00',
    );
    expect(hex(encodePacket(packet(A_CNXN, 0x01000001, 0x100000, text('device::x')), false))).toBe(
      '434e584e01000001000010000900000000000000bcb1a7b16465766963653a3a78',
    );
  });

  it('fills data_crc32 with the byte sum only for peers below version 0x01000001', () => {
    expect(hex(encodePacket(packet(A_WRTE, 3, 4, text('hi')), true))).toBe(
      '57525445030000000400000002000000d1000000a8adabba6869',
    );
    expect(hex(encodePacket(packet(A_CNXN, 0x01000000, 4096, text('host::\0')), true))).toBe(
      '434e584e00000001001000000700000032020000bcb1a7b1686f73743a3a00',
    );
    expect(payloadChecksum(new Uint8Array(70000).fill(0xff))).toBe(70000 * 255);
  });
});

describe('adb packet parser', () => {
  const arbPacket = fc.record({
    command: fc.constantFrom(A_CNXN, A_OPEN, A_OKAY, A_WRTE, A_CLSE),
    arg0: fc.nat(),
    arg1: fc.nat(),
    payload: fc.uint8Array({ maxLength: 3000 }),
  });

  it('yields the same packets however the bytes are split or merged', () => {
    fc.assert(
      fc.property(
        fc.array(arbPacket, { maxLength: 8 }),
        fc.array(fc.nat({ max: 4000 }), { maxLength: 12 }),
        fc.boolean(),
        (packets, cuts, checksum) => {
          const wire = Buffer.concat(packets.map((p) => encodePacket(p, checksum)));
          const points = [...new Set(cuts.map((c) => c % (wire.length + 1)))].sort((a, b) => a - b);
          const parser = new AdbPacketParser();
          const got: AdbPacket[] = [];
          let at = 0;
          for (const point of [...points, wire.length]) {
            got.push(...parser.push(wire.subarray(at, point)));
            at = point;
          }
          expect(got.map((p) => ({ ...p, payload: hex(p.payload) }))).toEqual(
            packets.map((p) => ({ ...p, payload: hex(p.payload) })),
          );
        },
      ),
    );
  });

  it('parses one byte at a time', () => {
    const wire = Buffer.concat([
      encodePacket(packet(A_WRTE, 9, 8, text('abc')), false),
      encodePacket(packet(A_OKAY, 1, 2), false),
    ]);
    const parser = new AdbPacketParser();
    const got = [...wire].flatMap((b) => parser.push(Uint8Array.of(b)));
    expect(got.map((p) => [p.command, p.arg0, p.arg1, Buffer.from(p.payload).toString()])).toEqual([
      [A_WRTE, 9, 8, 'abc'],
      [A_OKAY, 1, 2, ''],
    ]);
  });

  it('rejects a bad magic and a payload above maxdata, as check_header does', () => {
    const bad = encodePacket(packet(A_OKAY, 1, 2), false);
    bad[20] = bad[20]! ^ 1;
    expect(() => new AdbPacketParser().push(bad)).toThrow(AdbProtocolError);
    const big = encodePacket(packet(A_WRTE, 1, 2, new Uint8Array(5000)), false);
    expect(() => new AdbPacketParser(4096).push(big.subarray(0, 24))).toThrow(/exceeds maxdata 4096/);
  });

  it('does not verify data_crc32, like adb itself', () => {
    const wire = encodePacket(packet(A_WRTE, 1, 2, text('x')), false);
    wire[16] = 0x55;
    expect(new AdbPacketParser().push(wire)).toHaveLength(1);
  });
});
