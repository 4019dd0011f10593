// @yume-chan/adb as a direct daemon client (its own packet framing over TCP, no adb server): the
// path on which a client sees every feature the virtual adbd advertises, so sync v2's SND2/RCV2,
// which Debian's adb 29 server filters out, are exercised by a third-party implementation too.

import { createConnection, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Adb, AdbDaemonTransport, AdbPacket, AdbPacketSerializeStream, type AdbCredentialStore } from '@yume-chan/adb';
import { Consumable, ReadableStream, StructDeserializeStream } from '@yume-chan/stream-extra';
import { collect, once } from '../support/web-streams';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';

/** The virtual adbd never sends AUTH, so a client key is never needed; asking for one is a failure. */
const NO_KEYS: AdbCredentialStore = {
  generateKey: () => {
    throw new Error('the virtual device asked for authentication');
  },
  iterateKeys: () => [],
};

function daemonConnection(socket: Socket) {
  const bytes = new ReadableStream<Uint8Array>({
    start(controller) {
      socket.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      socket.on('end', () => controller.close());
      socket.on('error', (error) => controller.error(error));
    },
  });
  const serialize = new AdbPacketSerializeStream();
  void serialize.readable
    .pipeTo(
      new Consumable.WritableStream<Uint8Array>({
        // The serializer reuses its header buffer once a write is consumed: hand the socket a copy.
        write: (chunk) =>
          new Promise<void>((resolve, reject) => socket.write(Buffer.from(chunk), (e) => (e ? reject(e) : resolve()))),
      }),
    )
    .catch(() => undefined);
  return { readable: bytes.pipeThrough(new StructDeserializeStream(AdbPacket)), writable: serialize.writable };
}

describe('third-party client compatibility (@yume-chan/adb straight to the virtual adbd)', () => {
  let device: VirtualDevice;
  let socket: Socket;
  let adb: Adb;

  beforeAll(async () => {
    device = await startVirtualDevice({ width: 720, height: 1280 });
    socket = createConnection({ host: '127.0.0.1', port: device.port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const transport = await AdbDaemonTransport.authenticate({
      serial: device.serial,
      connection: daemonConnection(socket),
      credentialStore: NO_KEYS,
    });
    adb = new Adb(transport);
  }, 60_000);

  afterAll(async () => {
    await adb?.close().catch(() => undefined);
    socket?.destroy();
    await device?.stop();
  });

  it('reads the banner: product identity and the advertised features', () => {
    expect(adb.banner.model).toBeTruthy();
    for (const feature of ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'sendrecv_v2', 'abb_exec']) {
      expect(adb.canUseFeature(feature as never), feature).toBe(true);
    }
    expect(adb.canUseFeature('delayed_ack' as never)).toBe(false);
  });

  it('pushes with SND2 (dry run first, then for real) and pulls with RCV2, byte-exact', async () => {
    const sync = await adb.sync();
    try {
      expect(sync.supportsSendReceiveV2).toBe(true);
      const data = new Uint8Array(1_500_000).map((_, i) => (i * 29 + (i >> 11)) & 0xff);
      const path = '/data/local/tmp/compat/v2.bin';
      await sync.write({ filename: path, file: once(data), permission: 0o644, mtime: 1_700_000_000, dryRun: true });
      expect(device.android.fs.stat(path)).toBeNull();
      await sync.write({ filename: path, file: once(data), permission: 0o644, mtime: 1_700_000_000 });
      expect(Buffer.compare(Buffer.from(device.android.fs.read(path)!), Buffer.from(data))).toBe(0);
      const stat = await sync.stat(path);
      expect([Number(stat.size), Number(stat.mtime), stat.uid, stat.gid]).toEqual([
        data.length,
        1_700_000_000,
        2000,
        2000,
      ]);
      expect(Buffer.compare(await collect(sync.read(path)), Buffer.from(data))).toBe(0);
      const names = (await sync.readdir('/data/local/tmp/compat')).map((e) => e.name);
      expect(names).toContain('v2.bin');
    } finally {
      await sync.dispose();
    }
  });

  it('runs shell protocol commands with exit codes, and abb_exec through `cmd`', async () => {
    const ok = await adb.subprocess.shellProtocol!.spawnWaitText('wm size');
    expect(ok).toEqual({ stdout: 'Physical size: 720x1280\n', stderr: '', exitCode: 0 });
    expect((await adb.subprocess.shellProtocol!.spawnWaitText('false')).exitCode).toBe(1);
    const abb = await adb.createSocket('abb_exec:package\0path\0com.tactile.lab');
    expect((await collect(abb.readable)).toString()).toMatch(/^package:\/.+\/base\.apk\n$/);
  });
});
