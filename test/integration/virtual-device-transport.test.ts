// The adb device transport against the REAL adb server (Debian adb 29) and adbkit: handshake,
// shell/exec, sync push/pull/ls, forward, reverse, and failure behaviour. The Android side is a
// small fake (test/support/fake-device-services.ts) so every expected byte is known.

import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Adb } from '@devicefarmer/adbkit';
import { createAdbDeviceServer, type AdbDeviceServer } from '../../virtual-device/adb/device-server';
import { startAdbServer, freePort, type AdbServer } from '../support/adb-server';
import { allBytes, createFakeDeviceServices } from '../support/fake-device-services';

const TIMEOUT = 60_000;

describe('virtual device transport with the stock adb server', () => {
  let adb: AdbServer;
  let device: AdbDeviceServer;
  let services: ReturnType<typeof createFakeDeviceServices>;
  let serial: string;
  let work: string;
  const on = (...args: string[]) => adb.adb(['-s', serial, ...args]);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'tactile-adb-'));
    adb = await startAdbServer();
    services = createFakeDeviceServices();
    device = await createAdbDeviceServer({ services });
    serial = `127.0.0.1:${device.port}`;
    await adb.connect(serial);
  }, TIMEOUT);

  afterAll(async () => {
    await device?.close();
    await adb?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('announces the product identity from the banner', async () => {
    const result = await adb.adb(['devices', '-l']);
    expect(result.stdout).toMatch(new RegExp(`${serial}\\s+device product:tactile_fake model:Fake_Phone device:fake`));
    const features = await on('features');
    // `adb features` prints what both sides support: adb 29 knows neither sendrecv_v2 nor its flags.
    expect(features.stdout.trim().split('\n')).toEqual([
      'shell_v2',
      'cmd',
      'stat_v2',
      'ls_v2',
      'fixed_push_mkdir',
      'abb',
      'abb_exec',
    ]);
  });

  it("runs `adb shell CMD` through the shell protocol: stdout and stderr apart, the exit status as adb's own", async () => {
    const result = await on('shell', 'echo', 'hi');
    expect(result).toMatchObject({ stdout: 'hi\n', stderr: '', code: 0 });
    expect(services.commands.at(-1)).toBe('echo hi');
    const missing = await on('shell', 'frobnicate');
    expect(missing).toMatchObject({ stdout: '', stderr: '/system/bin/sh: frobnicate: not found\n', code: 127 });
    expect((await on('shell', 'false')).code).toBe(1);
  });

  it('keeps stdout and stderr merged with exit status 0 for `adb shell -x` (no shell protocol: plain shell:)', async () => {
    const missing = await on('shell', '-x', 'frobnicate');
    expect(missing).toMatchObject({ stdout: '/system/bin/sh: frobnicate: not found\n', code: 0 });
  });

  it('merges stderr into a PTY for `adb shell -t CMD`, with CRLF line ends and the exit status', async () => {
    const missing = await on('shell', '-tt', 'frobnicate');
    expect(missing).toMatchObject({ stdout: '/system/bin/sh: frobnicate: not found\r\n', stderr: '', code: 127 });
  });

  it('runs a piped `adb shell` (no terminal: shell,v2,raw:) as a script without a prompt, ending with its last status', async () => {
    const result = await adb.adb(['-s', serial, 'shell'], {
      input: 'echo one\nfrobnicate\necho two\nfalse\n',
      timeoutMs: 10_000,
    });
    expect(result).toMatchObject({ stdout: 'one\ntwo\n', stderr: '/system/bin/sh: frobnicate: not found\n', code: 1 });
    const exited = await adb.adb(['-s', serial, 'shell'], {
      input: 'echo one\nexit 3\necho never\n',
      timeoutMs: 10_000,
    });
    expect(exited).toMatchObject({ stdout: 'one\n', code: 3 });
  });

  it('runs an interactive `adb shell -tt` (PTY) reading lines from stdin until exit', async () => {
    const result = await adb.adb(['-s', serial, 'shell', '-tt'], {
      input: 'echo one\nfalse\necho two\nexit\n',
      timeoutMs: 10_000,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('fake:/ $ ');
    expect(result.stdout).toContain('one\r\n');
    expect(result.stdout).toContain('1|fake:/ $ ');
    expect(result.stdout).toContain('two\r\n');
  });

  it('returns 1 MiB of every byte value unchanged through `adb exec-out`', async () => {
    const result = await on('exec-out', 'bytes', String(1024 * 1024));
    expect(result.code).toBe(0);
    expect(Buffer.compare(result.stdoutBytes, Buffer.from(allBytes(1024 * 1024)))).toBe(0);
  });

  it('pushes and pulls a 5 MB file byte-exact, creating parent directories', async () => {
    const data = randomBytes(5 * 1024 * 1024);
    const local = join(work, 'big.bin');
    writeFileSync(local, data);
    const push = await adb.adb(['-s', serial, 'push', local, '/sdcard/Download/deep/er/big.bin'], {
      timeoutMs: 60_000,
    });
    expect(push.code, push.stderr + push.stdout).toBe(0);
    expect(Buffer.compare(Buffer.from(services.fs.read('/sdcard/Download/deep/er/big.bin')!), data)).toBe(0);

    const back = join(work, 'back.bin');
    const pull = await adb.adb(['-s', serial, 'pull', '/sdcard/Download/deep/er/big.bin', back], { timeoutMs: 60_000 });
    expect(pull.code, pull.stderr + pull.stdout).toBe(0);
    expect(Buffer.compare(readFileSync(back), data)).toBe(0);

    const ls = await on('ls', '/sdcard/Download/deep/er');
    const lines = ls.stdout.trim().split('\n');
    expect(lines.find((l) => l.endsWith(' big.bin'))).toMatch(/^000081b6 00500000 [0-9a-f]{8} big\.bin$/);
    expect(lines.some((l) => l.endsWith(' .'))).toBe(true);
  });

  it('pushes a directory tree without shell mkdir (fixed_push_mkdir)', async () => {
    const tree = join(work, 'tree');
    mkdirSync(join(tree, 'a', 'b'), { recursive: true });
    writeFileSync(join(tree, 'top.txt'), 'top');
    writeFileSync(join(tree, 'a', 'b', 'leaf.txt'), 'leaf');
    const before = services.commands.length;
    const push = await on('push', tree, '/sdcard/tree');
    expect(push.code, push.stderr + push.stdout).toBe(0);
    expect(new TextDecoder().decode(services.fs.read('/sdcard/tree/a/b/leaf.txt')!)).toBe('leaf');
    expect(new TextDecoder().decode(services.fs.read('/sdcard/tree/top.txt')!)).toBe('top');
    expect(services.commands.length).toBe(before);
  });

  it('lists with `adb ls` and pulls a directory tree back (LIS2 and STA2 from adb 29)', async () => {
    const listing = await on('ls', '/sdcard/tree/a');
    expect(listing.code, listing.stderr).toBe(0);
    // `adb ls` prints mode, size and mtime in hex, then the name, for every entry including . and ..
    expect(
      listing.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' ').at(-1))
        .sort(),
    ).toEqual(['.', '..', 'b']);
    expect(listing.stdout).toMatch(/^000041[0-9a-f]{2} 00001000 [0-9a-f]{8} b$/m);
    const back = join(work, 'tree-back');
    const pull = await on('pull', '/sdcard/tree', back);
    expect(pull.code, pull.stderr + pull.stdout).toBe(0);
    expect(readFileSync(join(back, 'a', 'b', 'leaf.txt'), 'utf8')).toBe('leaf');
    expect(readFileSync(join(back, 'top.txt'), 'utf8')).toBe('top');
  });

  it('reports sync failures the way adb prints them', async () => {
    const local = join(work, 'small.txt');
    writeFileSync(local, 'hello');
    const readOnly = await on('push', local, '/system/bin/evil');
    expect(readOnly.code).not.toBe(0);
    expect(readOnly.stderr + readOnly.stdout).toContain('Read-only file system');
    const missing = await on('pull', '/sdcard/nope.txt', join(work, 'nope.txt'));
    expect(missing.code).not.toBe(0);
    // adb 29 stats first with STA2 (stat_v2), so the errno comes back in adb's wording.
    expect(missing.stderr + missing.stdout).toContain(
      "failed to stat remote object '/sdcard/nope.txt': No such file or directory",
    );
  });

  it('serves `adb forward tcp:X localabstract:NAME` from the socket registry', async () => {
    const unregister = services.sockets.listen('localabstract:echo_test', (stream) => {
      stream.onData((chunk) => stream.write(chunk));
    });
    const port = await freePort();
    try {
      expect((await on('forward', `tcp:${port}`, 'localabstract:echo_test')).code).toBe(0);
      const payload = randomBytes(300_000);
      const echoed = await roundTrip(port, payload);
      expect(Buffer.compare(echoed, payload)).toBe(0);
      // A forward to a name nobody listens on: adbd closes the stream (CLSE), the client sees EOF.
      await on('forward', `tcp:${port}`, 'localabstract:nobody');
      expect((await roundTrip(port, Buffer.from('x'))).length).toBe(0);
    } finally {
      unregister();
      await on('forward', '--remove-all');
    }
  });

  it('keeps `adb reverse` bookkeeping and tunnels device connections back to the host', async () => {
    const { server, port: hostPort, received } = await sinkServer();
    try {
      expect((await on('reverse', 'tcp:7000', `tcp:${hostPort}`)).code).toBe(0);
      expect((await on('reverse', '--list')).stdout).toMatch(new RegExp(`^host-\\d+ tcp:7000 tcp:${hostPort}\\n\\n$`));
      const stream = await device.openReverse('tcp:7000');
      await stream.write(new TextEncoder().encode('from the device'));
      stream.close();
      await expect.poll(() => Buffer.concat(received).toString()).toBe('from the device');

      const zero = await on('reverse', 'tcp:0', `tcp:${hostPort}`);
      expect(zero.stdout.trim()).toMatch(/^\d+$/);
      expect((await on('reverse', '--no-rebind', 'tcp:7000', 'tcp:1')).stderr).toContain('cannot rebind');
      expect((await on('reverse', '--remove', 'tcp:7000')).code).toBe(0);
      expect((await on('reverse', '--remove', 'tcp:7000')).stderr).toContain("listener 'tcp:7000' not found");
      expect((await on('reverse', '--remove-all')).code).toBe(0);
      expect((await on('reverse', '--list')).stdout).toBe('\n');
      await expect(device.openReverse('tcp:7000')).rejects.toThrow(/no reverse forward/);
    } finally {
      server.close();
    }
  });

  it('works with adbkit too: shell, sync push/pull/readdir, reverse list', async () => {
    const client = Adb.createClient({ port: adb.port });
    const target = client.getDevice(serial);
    const shell = await target.shell('echo hi');
    expect((await Adb.util.readAll(shell)).toString()).toBe('hi\n');

    const data = randomBytes(3 * 1024 * 1024 + 17);
    // A byte stream (not object mode): adbkit then sends DATA chunks of at most 64 KiB, as adbd requires.
    writeFileSync(join(work, 'kit.bin'), data);
    const transfer = await target.push(createReadStream(join(work, 'kit.bin')), '/data/local/tmp/kit/a.bin');
    await new Promise<void>((resolve, reject) => transfer.on('end', resolve).on('error', reject));
    expect(Buffer.compare(Buffer.from(services.fs.read('/data/local/tmp/kit/a.bin')!), data)).toBe(0);
    const pulled = await Adb.util.readAll((await target.pull('/data/local/tmp/kit/a.bin')) as unknown as Duplex);
    expect(Buffer.compare(pulled, data)).toBe(0);
    // adbkit drops the `.` and `..` entries adbd (and we) list.
    expect((await target.readdir('/data/local/tmp/kit')).map((e) => [e.name, e.size])).toEqual([
      ['a.bin', data.length],
    ]);
    expect((await target.stat('/data/local/tmp/kit/a.bin')).size).toBe(data.length);
    await target.reverse('localabstract:kit', 'tcp:6553');
    expect(await target.listReverses()).toEqual([{ remote: 'localabstract:kit', local: 'tcp:6553' }]);
    await on('reverse', '--remove-all');
  });
});

describe('virtual device transport failures', () => {
  let adb: AdbServer;

  beforeAll(async () => {
    adb = await startAdbServer();
  }, TIMEOUT);
  afterAll(async () => adb?.stop());

  it(
    'ends a running command when the device server dies (not after its 60 s), and aborts the shell',
    async () => {
      const services = createFakeDeviceServices();
      const device = await createAdbDeviceServer({ services });
      const serial = `127.0.0.1:${device.port}`;
      await adb.connect(serial);
      const started = Date.now();
      const running = adb.adb(['-s', serial, 'shell', 'sleep', '60']);
      await expect.poll(() => services.commands.includes('sleep 60'), { timeout: 20_000 }).toBe(true);
      const killedAt = Date.now();
      await device.close();
      const result = await running;
      // adb notices at once (tens of ms): bounds ten times the 2 s the console allows, still short of the sleep.
      expect(Date.now() - killedAt).toBeLessThan(20_000);
      expect(Date.now() - started).toBeLessThan(45_000);
      expect(services.aborted).toContain('sleep 60');
      // Without shell_v2 adb cannot carry an exit status (code 0, empty output); what reports the
      // failure is the transport: adb marks the device offline and keeps trying to reconnect.
      expect(result.stdout).toBe('');
      await adb.waitForState(serial, 'offline', 20_000);
    },
    TIMEOUT,
  );

  it(
    'comes back by itself when the device server restarts on the same port',
    async () => {
      const first = await createAdbDeviceServer({ services: createFakeDeviceServices() });
      const port = first.port;
      const serial = `127.0.0.1:${port}`;
      await adb.connect(serial);
      await first.close();
      await adb.waitForState(serial, 'offline', 5000);
      const second = await createAdbDeviceServer({ services: createFakeDeviceServices(), port });
      try {
        // adb's reconnect handler retries TCP devices on its own schedule (a few seconds apart).
        await adb.waitForState(serial, 'device', 30_000);
        expect((await adb.adb(['-s', serial, 'shell', 'echo', 'again'])).stdout).toBe('again\n');
      } finally {
        await second.close();
      }
    },
    TIMEOUT,
  );

  it(
    'fails a pull cut off mid-transfer (not a hang)',
    async () => {
      const services = createFakeDeviceServices();
      const device = await createAdbDeviceServer({ services });
      const serial = `127.0.0.1:${device.port}`;
      await adb.connect(serial);
      services.fs.write('/sdcard/huge.bin', new Uint8Array(200 * 1024 * 1024), 0o644, 0);
      const out = join(mkdtempSync(join(tmpdir(), 'tactile-adb-')), 'huge.bin');
      const running = adb.adb(['-s', serial, 'pull', '/sdcard/huge.bin', out]);
      // Cut off once the first bytes have landed (polled), with most of the 200 MB still to come.
      await expect.poll(() => existsSync(out) && statSync(out).size > 0, { timeout: 20_000, interval: 5 }).toBe(true);
      const killedAt = Date.now();
      await device.close();
      const result = await running;
      expect(Date.now() - killedAt).toBeLessThan(20_000);
      expect(result.code).not.toBe(0);
      rmSync(out, { force: true });
    },
    TIMEOUT,
  );

  it('gives the device back after the adb server restarts and reconnects', async () => {
    const device = await createAdbDeviceServer({ services: createFakeDeviceServices() });
    const serial = `127.0.0.1:${device.port}`;
    try {
      await adb.connect(serial);
      await adb.restart();
      expect((await adb.devices()).has(serial)).toBe(false);
      await adb.connect(serial);
      expect((await adb.adb(['-s', serial, 'shell', 'echo', 'back'])).stdout).toBe('back\n');
    } finally {
      await device.close();
    }
  });
});

function roundTrip(port: number, payload: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let got = 0;
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      got += c.length;
      if (got >= payload.length) socket.end();
    });
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.write(payload);
  });
}

async function sinkServer(): Promise<{ server: Server; port: number; received: Buffer[] }> {
  const received: Buffer[] = [];
  const server = createServer((socket) => socket.on('data', (c: Buffer) => received.push(c)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { server, port: address.port, received };
}
