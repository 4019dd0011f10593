import { describe, expect, it } from 'vitest';
import type { DeviceStream } from '../device-services';
import { harness, str, text, tick } from '../../test/support/adb-host-harness';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_WRTE,
  commandName,
  encodePacket,
  openPayload,
  payloadChecksum,
} from './packet';
import { encodeSyncMessage, encodeSyncRequest } from './sync-protocol';
import { DEVICE_FEATURES } from './banner';

describe('AdbDeviceConnection handshake', () => {
  it('ignores everything before CNXN, then answers with version, maxdata and banner', () => {
    const h = harness();
    h.host(A_OPEN, 1, 0, openPayload('shell:echo hi'));
    expect(h.sent).toHaveLength(0);
    h.connect();
    expect(h.sent).toHaveLength(1);
    const [cnxn] = h.sent;
    expect(cnxn).toMatchObject({ command: A_CNXN, arg0: 0x01000001, arg1: 1024 * 1024 });
    expect(str(cnxn!.payload)).toBe(
      `device::ro.product.name=tactile_fake;ro.product.model=Fake_Phone;ro.product.device=fake;features=${DEVICE_FEATURES.join(',')}`,
    );
    expect(new DataView(h.raw[0]!.buffer).getUint32(16, true)).toBe(0);
  });

  it('sends checksums to a peer below version 0x01000001', () => {
    const h = harness({ version: 0x01000000 });
    h.connect();
    expect(new DataView(h.raw[0]!.buffer).getUint32(16, true)).toBe(payloadChecksum(h.sent[0]!.payload));
  });

  it('drops a peer whose maxdata is below 4096 or whose header is corrupt', () => {
    const small = harness({ maxData: 1024 });
    small.connect();
    expect(small.isClosed()).toBe(true);
    const corrupt = harness();
    corrupt.connect();
    const bad = encodePacket({ command: A_OKAY, arg0: 1, arg1: 1, payload: new Uint8Array(0) }, false);
    bad[21] = bad[21]! ^ 0xff;
    corrupt.connection.receive(bad);
    expect(corrupt.isClosed()).toBe(true);
  });
});

describe('AdbDeviceConnection streams', () => {
  it('refuses unknown services with CLSE(0, id), as adbd does', () => {
    const h = harness();
    h.connect();
    h.host(A_OPEN, 11, 0, openPayload('framebuffer:'));
    h.host(A_OPEN, 13, 0, openPayload('localabstract:nobody'));
    expect(h.log().slice(1)).toEqual(['CLSE(0,11)', 'CLSE(0,13)']);
  });

  it('once adbd is restarting, a new stream is refused (CLSE) while a running one still answers', async () => {
    const h = harness();
    h.connect();
    h.host(A_OPEN, 31, 0, openPayload('shell:echo hi'));
    await tick();
    h.connection.refuseNewStreams();
    h.host(A_OPEN, 33, 0, openPayload('shell:id -u'));
    await tick();
    expect(h.log().slice(1)).toEqual(['OKAY(1,31)', 'WRTE(1,31) "hi\\n"', 'CLSE(0,33)']);
    h.host(A_OKAY, 31, 1);
    await tick();
    expect(h.log().at(-1)).toBe('CLSE(1,31)');
  });

  it('runs shell:CMD: OKAY, WRTE, then CLSE once the host acknowledged', async () => {
    const h = harness();
    h.connect();
    h.host(A_OPEN, 21, 0, openPayload('shell:echo hi'));
    await tick();
    expect(h.log().slice(1)).toEqual(['OKAY(1,21)', 'WRTE(1,21) "hi\\n"']);
    h.host(A_OKAY, 21, 1);
    await tick();
    expect(h.log().slice(3)).toEqual(['CLSE(1,21)']);
  });

  it('keeps one WRTE in flight and chunks to the negotiated maxdata', async () => {
    const h = harness({ maxData: 4096 });
    h.connect();
    h.host(A_OPEN, 5, 0, openPayload('exec:bytes 10000'));
    const received: number[] = [];
    for (let i = 0; i < 10; i++) {
      await tick();
      const writes = h.sent.filter((p) => p.command === A_WRTE).slice(received.length);
      expect(writes.length).toBeLessThanOrEqual(1);
      if (writes.length === 0) break;
      expect(writes[0]!.payload.length).toBeLessThanOrEqual(4096);
      received.push(writes[0]!.payload.length);
      h.host(A_OKAY, 5, 1);
    }
    expect(received).toEqual([4096, 4096, 1808]);
    expect(h.log().at(-1)).toBe('CLSE(1,5)');
  });

  it('acknowledges host data only after the device side consumed it', async () => {
    const h = harness();
    let release!: () => void;
    const got: string[] = [];
    h.services.sockets.listen('localabstract:slow', (stream) =>
      stream.onData(
        (chunk) =>
          new Promise<void>((resolve) => {
            got.push(str(chunk));
            release = resolve;
          }),
      ),
    );
    h.connect();
    h.host(A_OPEN, 8, 0, openPayload('localabstract:slow'));
    h.host(A_WRTE, 8, 1, text('one'));
    await tick();
    expect(got).toEqual(['one']);
    expect(h.log().slice(1)).toEqual(['OKAY(1,8)']);
    release();
    await tick();
    expect(h.log().slice(1)).toEqual(['OKAY(1,8)', 'OKAY(1,8)']);
  });

  it('host CLSE ends the stream: onClose fires, the shell signal aborts, nothing is sent back', async () => {
    const h = harness();
    h.connect();
    h.host(A_OPEN, 3, 0, openPayload('shell:sleep 30'));
    await tick();
    h.host(A_CLSE, 3, 1);
    await tick();
    expect(h.services.aborted).toEqual(['sleep 30']);
    expect(h.log().slice(1)).toEqual(['OKAY(1,3)']);
  });

  it('a dead transport closes every stream and rejects pending writes', async () => {
    const h = harness();
    let stream!: DeviceStream;
    let closes = 0;
    h.services.sockets.listen('tcp:9000', (s) => {
      stream = s;
      s.onClose(() => closes++);
    });
    h.connect();
    h.host(A_OPEN, 4, 0, openPayload('tcp:9000'));
    h.host(A_OPEN, 6, 0, openPayload('shell:sleep 30'));
    const inFlight = stream.write(text('a')); // sent, never acknowledged
    const queued = stream.write(text('b'));
    h.connection.destroy();
    await expect(inFlight).rejects.toMatchObject({ code: 'ADB_STREAM_CLOSED' });
    await expect(queued).rejects.toMatchObject({ code: 'ADB_STREAM_CLOSED' });
    expect(closes).toBe(1);
    expect(stream.closed).toBe(true);
    expect(h.services.aborted).toEqual(['sleep 30']);
  });
});

describe('AdbDeviceConnection reverse', () => {
  it('answers reverse:forward with one OKAY and opens device→host streams through it', async () => {
    const h = harness();
    h.connect();
    h.host(A_OPEN, 2, 0, openPayload('reverse:forward:localabstract:helper;tcp:5000'));
    await tick();
    expect(h.log().slice(1, 3)).toEqual(['OKAY(1,2)', 'WRTE(1,2) "OKAY"']);
    h.host(A_OKAY, 2, 1);
    h.host(A_OPEN, 3, 0, openPayload('reverse:list-forward'));
    await tick();
    expect(h.log()).toContain('WRTE(2,3) "0025host-7 localabstract:helper tcp:5000\\n"');

    const opening = h.connection.openReverse('localabstract:helper');
    const open = h.sent.at(-1)!;
    expect(commandName(open.command)).toBe('OPEN');
    expect(str(open.payload)).toBe('tcp:5000\0');
    h.host(A_OKAY, 77, open.arg0);
    const stream = await opening;
    const writing = stream.write(text('ping'));
    expect(h.log().at(-1)).toBe(`WRTE(${open.arg0},77) "ping"`);
    h.host(A_OKAY, 77, open.arg0);
    await writing;

    const refused = h.connection.openReverse('localabstract:helper');
    h.host(A_CLSE, 0, h.sent.at(-1)!.arg0);
    await expect(refused).rejects.toThrow('refused');
    await expect(h.connection.openReverse('tcp:1')).rejects.toThrow('no reverse forward for tcp:1');
  });
});

describe('sync: over the connection', () => {
  it('serves SEND, STAT, LIST, RECV and QUIT in one session with exact replies', async () => {
    const h = harness();
    h.connect();
    h.host(A_OPEN, 9, 0, openPayload('sync:'));
    const body = Buffer.concat([
      encodeSyncRequest('SEND', '/data/local/tmp/new/x.txt,33188'),
      encodeSyncMessage('DATA', 5, text('hello')),
      encodeSyncMessage('DONE', 1_700_000_000),
      encodeSyncRequest('STAT', '/data/local/tmp/new/x.txt'),
      encodeSyncRequest('LIST', '/data/local/tmp/new'),
      encodeSyncRequest('RECV', '/data/local/tmp/new/x.txt'),
      encodeSyncMessage('QUIT', 0),
    ]);
    // Deliberately split mid-header: sync messages do not align with WRTE packets.
    h.host(A_WRTE, 9, 1, body.subarray(0, 13));
    await tick();
    h.host(A_WRTE, 9, 1, body.subarray(13));
    const replies: Uint8Array[] = [];
    for (let i = 0; i < 10 && h.log().at(-1) !== 'CLSE(1,9)'; i++) {
      await tick();
      const last = h.sent.at(-1)!;
      if (last.command === A_WRTE && !replies.includes(last.payload)) {
        replies.push(last.payload);
        h.host(A_OKAY, 9, 1);
      }
    }
    expect(h.log().at(-1)).toBe('CLSE(1,9)');
    expect(str(h.services.fs.read('/data/local/tmp/new/x.txt')!)).toBe('hello');

    const wire = Buffer.concat(replies);
    let at = 0;
    const take = (n: number) => wire.subarray(at, (at += n));
    expect(take(8).toString('hex')).toBe('4f4b415900000000'); // SEND → OKAY
    const stat = take(16);
    expect([stat.toString('latin1', 0, 4), stat.readUInt32LE(4), stat.readUInt32LE(8), stat.readUInt32LE(12)]).toEqual([
      'STAT',
      0o100666,
      5,
      1_700_000_000, // adbd copies the user bits to group and other
    ]);
    const dents: Array<[string, number, number]> = [];
    for (;;) {
      const head = take(20);
      if (head.toString('latin1', 0, 4) === 'DONE') {
        expect(head.subarray(4).every((b) => b === 0)).toBe(true);
        break;
      }
      expect(head.toString('latin1', 0, 4)).toBe('DENT');
      dents.push([take(head.readUInt32LE(16)).toString(), head.readUInt32LE(4), head.readUInt32LE(8)]);
    }
    expect(dents).toEqual([
      ['.', 0o40775, 4096],
      ['..', 0o40771, 4096],
      ['x.txt', 0o100666, 5],
    ]);
    expect(take(13).toString('latin1')).toBe('DATA\x05\0\0\0hello');
    expect(take(8).toString('hex')).toBe('444f4e4500000000');
    expect(at).toBe(wire.length);
  });
});
