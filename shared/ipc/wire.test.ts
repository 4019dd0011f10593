import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_CHANNELS, EVENT_CHANNELS, eventFunctionName, requestFunctionName } from './channels';
import { EVENTS, REQUESTS } from './contract';
import { decodeWire, encodeWire } from './wire';

describe('bridge wire framing', () => {
  it('sends a message without bytes as one JSON text frame', () => {
    expect(encodeWire({ type: 'event', channel: 'x', payload: { a: 1 } })).toBe(
      '{"type":"event","channel":"x","payload":{"a":1}}',
    );
  });

  it('golden bytes: a message with one blob', () => {
    const frame = encodeWire({ b: new Uint8Array([7, 8]) });
    const header = '{"b":{"$bytes":0}}';
    expect(frame).toBeInstanceOf(Uint8Array);
    expect([...(frame as Uint8Array)]).toEqual([
      0,
      0,
      0,
      header.length,
      ...[...header].map((c) => c.charCodeAt(0)),
      0,
      0,
      0,
      2,
      7,
      8,
    ]);
  });

  it('round-trips nested blobs exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 5 }), fc.jsonValue(), (blobs, extra) => {
        const message = { extra, blobs, nested: { first: blobs[0] ?? null } };
        const decoded = decodeWire(encodeWire(message)) as typeof message;
        expect(decoded.blobs.map((b) => [...b])).toEqual(blobs.map((b) => [...b]));
        expect(decoded.extra).toEqual(JSON.parse(JSON.stringify(extra)));
      }),
    );
  });

  it('refuses truncated binary frames', () => {
    const frame = encodeWire({ b: new Uint8Array([1, 2, 3]) }) as Uint8Array;
    expect(() => decodeWire(frame.subarray(0, frame.length - 1))).toThrow(RangeError);
    expect(() => decodeWire(new Uint8Array([0, 0, 1]))).toThrow(RangeError);
  });
});

describe('channel names', () => {
  it('the name lists and the contract agree, and function names are unique', () => {
    expect(Object.keys(REQUESTS).sort()).toEqual([...REQUEST_CHANNELS].sort());
    expect(Object.keys(EVENTS).sort()).toEqual([...EVENT_CHANNELS].sort());
    const names = [...REQUEST_CHANNELS.map(requestFunctionName), ...EVENT_CHANNELS.map(eventFunctionName)];
    expect(new Set(names).size).toBe(names.length);
    expect(requestFunctionName('device.observe')).toBe('deviceObserve');
    expect(eventFunctionName('receipt.completed')).toBe('onReceiptCompleted');
  });
});
