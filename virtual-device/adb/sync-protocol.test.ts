import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  encodeSyncData,
  encodeSyncDent,
  encodeSyncDone,
  encodeSyncFail,
  encodeSyncListDone,
  encodeSyncMessage,
  encodeSyncOkay,
  encodeSyncRequest,
  encodeSyncStat,
  parseSendTarget,
} from './sync-protocol';
import { SyncReader, type SyncMessage } from './sync-reader';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// Layouts from AOSP file_sync_protocol.h; expected bytes written out by hand (little endian).
describe('sync v1 messages (golden bytes)', () => {
  it('encodes the replies adbd sends', () => {
    expect(hex(encodeSyncStat({ mode: 0o100644, size: 5, mtime: 0x5f000000 }))).toBe(
      '53544154' + 'a4810000' + '05000000' + '0000005f',
    );
    expect(hex(encodeSyncStat(null))).toBe('53544154' + '00'.repeat(12));
    expect(hex(encodeSyncDent({ name: 'a.txt', mode: 0o100660, size: 3, mtime: 1 }))).toBe(
      '44454e54' + 'b0810000' + '03000000' + '01000000' + '05000000' + Buffer.from('a.txt').toString('hex'),
    );
    expect(hex(encodeSyncListDone())).toBe('444f4e45' + '00'.repeat(16));
    expect(hex(encodeSyncData(Uint8Array.of(1, 2, 3)))).toBe('44415441' + '03000000' + '010203');
    expect(hex(encodeSyncDone())).toBe('444f4e45' + '00000000');
    expect(hex(encodeSyncOkay())).toBe('4f4b4159' + '00000000');
    expect(hex(encodeSyncFail('nope'))).toBe('4641494c' + '04000000' + Buffer.from('nope').toString('hex'));
  });

  it('encodes host requests (STAT/LIST/RECV/SEND path, DONE mtime, QUIT)', () => {
    expect(hex(encodeSyncRequest('STAT', '/sdcard'))).toBe(
      '53544154' + '07000000' + Buffer.from('/sdcard').toString('hex'),
    );
    expect(hex(encodeSyncRequest('SEND', '/a,33188'))).toBe(
      '53454e44' + '08000000' + Buffer.from('/a,33188').toString('hex'),
    );
    expect(hex(encodeSyncMessage('DONE', 0x01020304))).toBe('444f4e45' + '04030201');
    expect(hex(encodeSyncMessage('QUIT', 0))).toBe('51554954' + '00000000');
  });

  it('parses SEND targets like adbd (last comma, strtoul base 0)', () => {
    expect(parseSendTarget('/sdcard/a,b.txt,33188')).toEqual({ path: '/sdcard/a,b.txt', mode: 33188 });
    expect(parseSendTarget('/x,0644')).toEqual({ path: '/x', mode: 0o644 });
    expect(parseSendTarget('/x,0x1a4')).toEqual({ path: '/x', mode: 0x1a4 });
    expect(parseSendTarget('/x')).toEqual({ error: 'missing , in ID_SEND_V1' });
    expect(parseSendTarget('/x,abc')).toEqual({ error: 'bad mode' });
  });
});

describe('sync request reader', () => {
  const arbMessage = fc.oneof(
    fc
      .record({ id: fc.constantFrom('STAT', 'LIST', 'RECV', 'SEND'), path: fc.string({ maxLength: 60 }) })
      .map(({ id, path }) => {
        const payload = new TextEncoder().encode(path);
        return { id, value: payload.length, payload };
      }),
    fc.uint8Array({ maxLength: 2000 }).map((payload) => ({ id: 'DATA', value: payload.length, payload })),
    fc
      .record({ id: fc.constantFrom('DONE', 'QUIT'), value: fc.nat() })
      .map((m) => ({ ...m, payload: new Uint8Array(0) })),
  );

  it('yields the same messages however the stream is cut', () => {
    fc.assert(
      fc.property(fc.array(arbMessage, { maxLength: 10 }), fc.array(fc.nat(), { maxLength: 10 }), (messages, cuts) => {
        const wire = Buffer.concat(
          messages.map((m) => encodeSyncMessage(m.id as never, m.value, m.payload.length ? m.payload : undefined)),
        );
        const points = [...new Set(cuts.map((c) => c % (wire.length + 1)))].sort((a, b) => a - b);
        const reader = new SyncReader();
        const got: SyncMessage[] = [];
        let at = 0;
        for (const point of [...points, wire.length]) {
          got.push(...reader.push(wire.subarray(at, point)));
          at = point;
        }
        const norm = (m: SyncMessage) => [m.id, m.value, hex(m.payload)];
        expect(got.map(norm)).toEqual(messages.map(norm));
      }),
    );
  });

  it('refuses oversize paths and data chunks with adbd wording', () => {
    expect(() => new SyncReader().push(encodeSyncMessage('STAT', 1025))).toThrow('path too long');
    expect(() => new SyncReader().push(encodeSyncMessage('DATA', 65537))).toThrow('oversize data message');
  });
});
