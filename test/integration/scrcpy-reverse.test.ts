// scrcpy's default run against the virtual device, as the scrcpy 3.3.3 client does it (no 3.3.3 client binary
// exists on this machine, so this host-side client follows its protocol step by step): `adb reverse
// localabstract:scrcpy_<scid> tcp:PORT` through the real adb server, `adb push` of the server file,
// `adb shell CLASSPATH=… app_process / com.genymobile.scrcpy.Server 3.3.3` with the client's default options
// (serialized by @yume-chan/scrcpy, which leaves out the server's defaults; the client adds log_level=info),
// then accepting the video, audio and control sockets in that order, removing the tunnel, reading device meta,
// codec meta and packets. A still screen records repeated frames; --turn-screen-off (SET_DISPLAY_POWER off at
// start) darkens the panel while frames keep coming; cleanup lights it again, power_off_on_close powers off.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import {
  AndroidScreenPowerMode,
  ScrcpyControlMessageSerializer,
  ScrcpyInstanceId,
  ScrcpyOptions3_3_3,
  type ScrcpyMediaStreamPacket,
} from '@yume-chan/scrcpy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRCPY_SERVER_DEVICE_PATH, VIRTUAL_DEVICE_SERVER_STAND_IN } from '../../electron/scrcpy/server-jar';
import { serverCommand } from '../../electron/scrcpy/server-launcher';
import { openVideoStream, socketToWebStream } from '../../electron/scrcpy/video-stream';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TIMEOUT = 90_000;
const RECORD_US = 5_000_000;

interface ClientRun {
  packets: Array<ScrcpyMediaStreamPacket & { at: number }>;
  audioHeader: Promise<Buffer>;
  control: Socket;
  serializer: ScrcpyControlMessageSerializer;
  close(): Promise<void>;
}

describe('the scrcpy 3.3.3 client protocol, default reverse tunnel, on the virtual device', () => {
  let adb: AdbServer;
  let device: VirtualDevice;
  let dir: string;

  beforeAll(async () => {
    adb = await startAdbServer();
    device = await startVirtualDevice();
    await adb.connect(device.serial);
    dir = mkdtempSync(join(tmpdir(), 'tactile-scrcpy-'));
    writeFileSync(join(dir, 'scrcpy-server'), VIRTUAL_DEVICE_SERVER_STAND_IN);
  }, TIMEOUT);

  afterAll(async () => {
    await device?.stop();
    await adb?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, TIMEOUT);

  const run = async (args: string[]) => {
    const r = await adb.adb(['-s', device.serial, ...args]);
    if (r.code !== 0) throw new Error(`adb ${args.join(' ')}: ${r.stderr || r.stdout}`);
    return r.stdout;
  };

  async function startClient(
    extra: ConstructorParameters<typeof ScrcpyOptions3_3_3<true>>[0] = {},
  ): Promise<ClientRun> {
    const scid = ScrcpyInstanceId.random();
    const name = `localabstract:scrcpy_${scid.value.toString(16).padStart(8, '0')}`;
    // Connections in the order they came, handed to accept() calls in order.
    const ready: Socket[] = [];
    const waiting: Array<(s: Socket) => void> = [];
    const listener: Server = createServer((s) => {
      const waiter = waiting.shift();
      if (waiter) waiter(s);
      else ready.push(s);
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    const port = (listener.address() as { port: number }).port;
    const next = () =>
      new Promise<Socket>((resolve) => {
        const s = ready.shift();
        if (s) resolve(s);
        else waiting.push(resolve);
      });
    // The order of the client (server.c): reverse tunnel, push, then the server process.
    await run(['reverse', name, `tcp:${port}`]);
    await run(['push', join(dir, 'scrcpy-server'), SCRCPY_SERVER_DEVICE_PATH]);
    const options = new ScrcpyOptions3_3_3<true>({ scid, logLevel: 'info', ...extra });
    const serialized = options.serialize();
    expect(serialized).toContain('log_level=info');
    expect(parseInt(serialized.find((a) => a.startsWith('scid='))!.slice(5), 16)).toBe(scid.value);
    const server: ChildProcess = spawn(
      'adb',
      ['-P', String(adb.port), '-s', device.serial, 'shell', serverCommand(options)],
      { env: adb.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    server.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<void>((r) => server.once('exit', () => r()));
    const accept = () =>
      Promise.race([
        next(),
        exited.then(() => {
          throw new Error(`the server exited: ${log}`);
        }),
      ]);
    const video = await accept();
    const audio = await accept();
    const control = await accept();
    // Connected: the client no longer needs the tunnel (sc_server_connect_to closes it).
    await run(['reverse', '--remove', name]);
    listener.close();

    const audioHeader = new Promise<Buffer>((resolve) => {
      let got = Buffer.alloc(0);
      audio.on('data', (d: Buffer) => {
        got = Buffer.concat([got, d]);
        if (got.length >= 4) resolve(got.subarray(0, 4));
      });
    });
    const stream = await openVideoStream(socketToWebStream(video), options);
    expect(stream.metadata.deviceName).toBe('Tactile Virtual Phone');
    const packets: ClientRun['packets'] = [];
    void (async () => {
      for await (const p of stream.packets) packets.push({ ...p, at: performance.now() });
    })().catch(() => undefined);
    return {
      packets,
      audioHeader,
      control,
      serializer: new ScrcpyControlMessageSerializer(options),
      async close() {
        for (const s of [video, audio, control]) s.destroy();
        await exited;
      },
    };
  }

  const frames = (c: ClientRun) =>
    c.packets.filter(
      (p): p is Extract<ScrcpyMediaStreamPacket, { type: 'data' }> & { at: number } => p.type === 'data',
    );

  it(
    'is accepted with the default options, and a still screen records as repeated frames over 5 s',
    async () => {
      const client = await startClient();
      try {
        // No audio on the virtual device: the stream is disabled explicitly (codec id 0).
        expect([...(await client.audioHeader)]).toEqual([0, 0, 0, 0]);
        await expect.poll(() => client.packets[0]?.type, { timeout: 20_000 }).toBe('configuration');
        const version = device.android.lab.version;
        // Record until the stream's own clock covers 5 s (a stream that sent one frame never gets there).
        await expect
          .poll(
            () => {
              const f = frames(client);
              return f.length > 1 ? Number(f.at(-1)!.pts! - f[0]!.pts!) : 0;
            },
            { timeout: 60_000, interval: 200 },
          )
          .toBeGreaterThanOrEqual(RECORD_US);
        expect(device.android.lab.version).toBe(version); // the screen stayed still all along
        const f = frames(client);
        const recorded = f.filter((p) => p.pts! - f[0]!.pts! <= BigInt(RECORD_US));
        // scrcpy's encoder repeats the last frame after 100 ms without a change: ~50 frames in 5 s on an idle machine.
        console.log(`scrcpy reverse run: ${recorded.length} frames in 5 s of a still screen`);
        expect(recorded.length).toBeGreaterThanOrEqual(10);
        expect(recorded[0]!.keyframe).toBe(true);
        expect(recorded.slice(1).some((p) => p.keyframe === false)).toBe(true);
      } finally {
        await client.close();
      }
    },
    TIMEOUT,
  );

  it(
    '--turn-screen-off: SET_DISPLAY_POWER off darkens the panel while frames keep arriving; cleanup lights it at exit',
    async () => {
      const client = await startClient();
      try {
        await expect.poll(() => frames(client).length, { timeout: 20_000 }).toBeGreaterThan(0);
        client.control.write(client.serializer.setDisplayPower(AndroidScreenPowerMode.Off));
        await expect.poll(() => device.android.lab.panelOn, { timeout: 10_000 }).toBe(false);
        expect(device.android.lab.screenOn).toBe(true); // the device stays awake: only the panel is dark
        const seen = frames(client).length;
        await expect.poll(() => frames(client).length, { timeout: 20_000 }).toBeGreaterThan(seen + 3);
        expect(device.android.lab.panelOn).toBe(false);
      } finally {
        await client.close();
      }
      // CleanUp restores the display power the client turned off.
      await expect.poll(() => device.android.lab.panelOn, { timeout: 10_000 }).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'power_off_on_close turns the screen off when the client goes away',
    async () => {
      const client = await startClient({ powerOffOnClose: true });
      expect(device.android.lab.screenOn).toBe(true);
      await expect.poll(() => frames(client).length, { timeout: 20_000 }).toBeGreaterThan(0);
      await client.close();
      await expect.poll(() => device.android.lab.screenOn, { timeout: 10_000 }).toBe(false);
      // power_on (the default) wakes it for the next session, as the server's Controller does.
      const again = await startClient();
      try {
        await expect.poll(() => device.android.lab.screenOn, { timeout: 10_000 }).toBe(true);
      } finally {
        await again.close();
      }
    },
    TIMEOUT,
  );
});
