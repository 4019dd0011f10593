// Device → host messages: golden bytes, and @yume-chan/scrcpy's own parsers read them back.
import { describe, expect, it } from 'vitest';
import { ScrcpyOptions3_3_3 } from '@yume-chan/scrcpy';
import { BufferedReadableStream, ReadableStream } from '@yume-chan/stream-extra';
import { serializeDeviceMessage, utf8TruncationIndex } from './device-message-writer';
import { deviceMeta, frameMeta, videoCodecMeta } from './stream-header';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('device messages and stream headers', () => {
  it('golden bytes', () => {
    expect(hex(serializeDeviceMessage({ type: 0, text: 'hé' }))).toBe('00' + '00000003' + '68c3a9');
    expect(hex(serializeDeviceMessage({ type: 1, sequence: 258n }))).toBe('01' + '0000000000000102');
    expect(hex(serializeDeviceMessage({ type: 2, id: 1, data: Uint8Array.of(9) }))).toBe('02' + '0001' + '0001' + '09');
    expect(hex(videoCodecMeta(0x68323634, 1080, 2400))).toBe('68323634' + '00000438' + '00000960');
    expect(hex(frameMeta(5, 0n, true, false))).toBe('8000000000000000' + '00000005');
    expect(hex(frameMeta(5, 16_667n, false, true))).toBe('400000000000411b' + '00000005');
    expect(deviceMeta('Pixel 9').length).toBe(64);
  });

  it('never cuts a UTF-8 sequence', () => {
    const raw = new TextEncoder().encode('aé🙂');
    expect(utf8TruncationIndex(raw, 2)).toBe(1);
    expect(utf8TruncationIndex(raw, 4)).toBe(3);
    expect(new TextDecoder().decode(deviceMeta('é'.repeat(40))).replace(/\0+$/, '')).toBe('é'.repeat(31));
  });

  it('@yume-chan/scrcpy reads clipboard and ack messages back', async () => {
    const options = new ScrcpyOptions3_3_3({ clipboardAutosync: true });
    const texts: string[] = [];
    void options.clipboard!.pipeTo(
      new (await import('@yume-chan/stream-extra')).WritableStream({ write: (t) => void texts.push(t) }),
    );
    const [bytes, acked] = options.serializeSetClipboardControlMessage({
      type: 9,
      sequence: 7n,
      paste: false,
      content: 'x',
    }) as [Uint8Array, Promise<void>];
    expect(bytes[0]).toBe(9);
    const wire = Buffer.concat([
      serializeDeviceMessage({ type: 0, text: 'from device' }),
      serializeDeviceMessage({ type: 1, sequence: 7n }),
    ]);
    const stream = new BufferedReadableStream(
      new ReadableStream<Uint8Array>({
        start: (c) => {
          c.enqueue(new Uint8Array(wire));
          c.close();
        },
      }),
    );
    for (let i = 0; i < 2; i++) {
      const [id] = await stream.readExactly(1);
      await options.deviceMessageParsers.parse(id!, stream);
    }
    await expect(acked).resolves.toBeUndefined();
    await expect.poll(() => texts).toEqual(['from device']);
  });
});
