import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame, encodePayload, FrameDecoder, FrameError, MAX_FRAME_BYTES } from './frame-codec';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('frame codec', () => {
  it('writes the golden bytes: u32 big-endian UTF-8 length, then the JSON', () => {
    expect(hex(encodePayload('{"a":1}'))).toBe('00000007' + '7b2261223a317d');
    // "é" is 2 UTF-8 bytes, "😀" 4: the header counts bytes (14), not characters.
    expect(hex(encodePayload('{"t":"é😀"}'))).toBe('0000000e' + '7b2274223a22c3a9f09f9880227d');
  });

  it('decodes any split of a stream of frames into the same messages, in order', () => {
    const message = fc.dictionary(
      fc.string({ maxLength: 8 }),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    );
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (messages, cuts) => {
          const stream = Buffer.concat(messages.map((m) => encodeFrame(m)));
          const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
          const decoder = new FrameDecoder();
          const out: unknown[] = [];
          let from = 0;
          for (const to of [...points, stream.length]) {
            out.push(...decoder.push(stream.subarray(from, to)));
            from = to;
          }
          expect(out).toEqual(messages.map((m) => JSON.parse(JSON.stringify(m))));
          expect(decoder.pendingBytes).toBe(0);
        },
      ),
    );
  });

  it('refuses oversized frames on both sides and stays failed', () => {
    expect(() => encodePayload('"' + 'x'.repeat(MAX_FRAME_BYTES) + '"')).toThrow(FrameError);
    const decoder = new FrameDecoder();
    expect(() => decoder.push(Uint8Array.of(0x01, 0x00, 0x00, 0x01))).toThrow(/exceeds/);
    expect(() => decoder.push(encodeFrame({ ok: true }))).toThrow(/exceeds/);
  });

  it('does not keep a reference to the caller buffer', () => {
    const frame = encodeFrame({ a: 'b' });
    const decoder = new FrameDecoder();
    const first = frame.slice(0, 6);
    decoder.push(first);
    first.fill(0);
    expect(decoder.push(frame.subarray(6))).toEqual([{ a: 'b' }]);
  });
});
