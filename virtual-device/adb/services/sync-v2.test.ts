import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { exchange, harness, text, tick } from '../../../test/support/adb-host-harness';
import { A_OPEN, openPayload } from '../packet';
import { encodeSyncMessage, encodeSyncRequest } from '../sync-protocol';
import { DENT_V2_SIZE, STAT_V2_SIZE, SyncFlag, encodeRecvV2Request, encodeSendV2Request } from '../sync-protocol-v2';

/** One sync session: the requests (ending with QUIT), the raw replies. */
async function sync(
  ...requests: Uint8Array[]
): Promise<{ wire: Buffer; services: ReturnType<typeof harness>['services'] }> {
  const h = harness();
  h.connect();
  h.host(A_OPEN, 40, 0, openPayload('sync:'));
  await tick();
  const wire = await exchange(h, 40, Buffer.concat([...requests, encodeSyncMessage('QUIT', 0)]));
  return { wire, services: h.services };
}

function statV2(b: Buffer) {
  return {
    id: b.toString('latin1', 0, 4),
    error: b.readUInt32LE(4),
    ino: Number(b.readBigUInt64LE(16)),
    mode: b.readUInt32LE(24),
    nlink: b.readUInt32LE(28),
    uid: b.readUInt32LE(32),
    gid: b.readUInt32LE(36),
    size: Number(b.readBigUInt64LE(40)),
    atime: Number(b.readBigInt64LE(48)),
    mtime: Number(b.readBigInt64LE(56)),
    ctime: Number(b.readBigInt64LE(64)),
  };
}

/** DATA…DONE from a RECV/RCV2 reply, joined. */
function received(wire: Buffer, at = 0): { data: Buffer; end: number } {
  const parts: Buffer[] = [];
  for (;;) {
    const id = wire.toString('latin1', at, at + 4);
    const length = wire.readUInt32LE(at + 4);
    if (id === 'DONE') return { data: Buffer.concat(parts), end: at + 8 };
    expect(id).toBe('DATA');
    parts.push(wire.subarray(at + 8, at + 8 + length));
    at += 8 + length;
  }
}

const MTIME = 1_700_000_000;

describe('sync v2 over the connection', () => {
  it('answers STA2/LST2 with the 72-byte stat (errno, mode, size, times, shell ownership) and ENOENT for a missing path', async () => {
    const { wire } = await sync(
      encodeSendV2Request('/data/local/tmp/v2.txt', 0o644, SyncFlag.none),
      encodeSyncMessage('DATA', 3, text('abc')),
      encodeSyncMessage('DONE', MTIME),
      encodeSyncRequest('STA2', '/data/local/tmp/v2.txt'),
      encodeSyncRequest('LST2', '/sdcard/none'),
    );
    expect(wire.subarray(0, 8).toString('hex')).toBe('4f4b415900000000');
    const found = statV2(wire.subarray(8, 8 + STAT_V2_SIZE));
    expect(found).toMatchObject({
      id: 'STA2',
      error: 0,
      mode: 0o100666,
      nlink: 1,
      uid: 2000,
      gid: 2000,
      size: 3,
      atime: MTIME,
      mtime: MTIME,
      ctime: MTIME,
    });
    const missing = wire.subarray(8 + STAT_V2_SIZE, 8 + 2 * STAT_V2_SIZE);
    expect(statV2(missing)).toMatchObject({ id: 'LST2', error: 2, mode: 0, size: 0 });
    expect(missing.subarray(8).every((b) => b === 0)).toBe(true);
    expect(wire.length).toBe(8 + 2 * STAT_V2_SIZE);
  });

  it('lists with LIS2: DNT2 entries for ., .. and each file, then a 76-byte DONE', async () => {
    const { wire } = await sync(
      encodeSendV2Request('/sdcard/Download/l/one.bin', 0o600, SyncFlag.none),
      encodeSyncMessage('DATA', 1, Uint8Array.of(7)),
      encodeSyncMessage('DONE', MTIME),
      encodeSyncRequest('LIS2', '/sdcard/Download/l'),
    );
    let at = 8;
    const names: Array<[string, number, number, number]> = [];
    for (;;) {
      const head = wire.subarray(at, at + DENT_V2_SIZE);
      at += DENT_V2_SIZE;
      if (head.toString('latin1', 0, 4) === 'DONE') {
        expect(head.subarray(4).every((b) => b === 0)).toBe(true);
        break;
      }
      const s = statV2(head);
      expect(s.id).toBe('DNT2');
      const length = head.readUInt32LE(72);
      names.push([wire.toString('utf8', at, at + length), s.mode & 0o170000, s.size, s.gid]);
      at += length;
    }
    expect(at).toBe(wire.length);
    expect(names.map((n) => n[0])).toEqual(['.', '..', 'one.bin']);
    expect(names[2]).toEqual(['one.bin', 0o100000, 1, 1015]);
  });

  it('takes a brotli-compressed SND2 and serves a brotli RCV2, byte-exact both ways', async () => {
    const data = Buffer.alloc(300_000, 0);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 9)) & 0xff;
    const packed = brotliCompressSync(data);
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < packed.length; at += 64 * 1024) {
      const part = packed.subarray(at, at + 64 * 1024);
      chunks.push(encodeSyncMessage('DATA', part.length, part));
    }
    const { wire, services } = await sync(
      encodeSendV2Request('/sdcard/z.bin', 0o644, SyncFlag.brotli),
      ...chunks,
      encodeSyncMessage('DONE', MTIME),
      encodeRecvV2Request('/sdcard/z.bin', SyncFlag.brotli),
      encodeRecvV2Request('/sdcard/z.bin', SyncFlag.none),
    );
    expect(Buffer.compare(Buffer.from(services.fs.read('/sdcard/z.bin')!), data)).toBe(0);
    expect(wire.subarray(0, 8).toString('hex')).toBe('4f4b415900000000');
    const compressed = received(wire, 8);
    expect(Buffer.compare(brotliDecompressSync(compressed.data), data)).toBe(0);
    expect(compressed.data.length).toBeLessThan(data.length);
    const plain = received(wire, compressed.end);
    expect(Buffer.compare(plain.data, data)).toBe(0);
    expect(plain.end).toBe(wire.length);
  });

  it('a dry-run SND2 answers OKAY and writes nothing', async () => {
    const { wire, services } = await sync(
      encodeSendV2Request('/sdcard/dry.txt', 0o644, SyncFlag.dryRun),
      encodeSyncMessage('DATA', 2, text('hi')),
      encodeSyncMessage('DONE', MTIME),
    );
    expect(wire.toString('hex')).toBe('4f4b415900000000');
    expect(services.fs.stat('/sdcard/dry.txt')).toBeNull();
  });

  it('refuses LZ4 and zstd (not advertised) with FAIL, ending the session', async () => {
    for (const [flag, reason] of [
      [SyncFlag.lz4, 'lz4'],
      [SyncFlag.zstd, 'zstd'],
    ] as const) {
      const { wire } = await sync(encodeRecvV2Request('/system/build.prop', flag), encodeSyncRequest('STA2', '/'));
      expect(wire.toString('latin1', 0, 4)).toBe('FAIL');
      expect(wire.toString('utf8', 8)).toBe(`${reason} compression is not supported`);
    }
  });
});
