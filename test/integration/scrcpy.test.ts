// The mirror end to end on the real adb server: the host client pushes the server and starts it with
// adbkit's shell, opens the forward tunnel to localabstract:scrcpy_<scid>, reads dummy byte, device meta,
// codec meta, the config packet (SPS checked for the frame size) and frames; touches sent on the control
// socket act on the lab; a state change produces new frames; RESET_VIDEO brings the config again + an IDR frame
// from the running encoder; a still screen repeats its last frame.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Adb, type Client } from '../../electron/adb/adbkit';
import { h264ParseConfiguration, type ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import { adbkitTransport } from '../../electron/scrcpy/device-transport';
import { SCRCPY_SERVER_DEVICE_PATH, VIRTUAL_DEVICE_SERVER_STAND_IN } from '../../electron/scrcpy/server-jar';
import { startScrcpySession, type ScrcpySession } from '../../electron/scrcpy/scrcpy-session';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer } from '../support/adb-server';

const TIMEOUT = 60_000;

/** Reads packets in the background so tests can wait for the ones they need. */
function collector(session: ScrcpySession) {
  const packets: Array<ScrcpyMediaStreamPacket & { at: number }> = [];
  const done = (async () => {
    for await (const p of session.packets) packets.push({ ...p, at: performance.now() });
  })().catch(() => undefined);
  return { packets, done };
}

/** The ffmpeg encoder processes this test process runs (the virtual device is in-process here). */
function encoderPids(): string[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), 'ffmpeg'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .sort();
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

function nalTypes(annexB: Uint8Array): number[] {
  const types: number[] = [];
  for (let i = 0; i + 4 < annexB.length; i++) {
    if (annexB[i] === 0 && annexB[i + 1] === 0 && annexB[i + 2] === 0 && annexB[i + 3] === 1)
      types.push(annexB[i + 4]! & 0x1f);
  }
  return types;
}

const center = (b: { left: number; top: number; right: number; bottom: number }) => ({
  x: Math.round((b.left + b.right) / 2),
  y: Math.round((b.top + b.bottom) / 2),
});

describe('scrcpy 3.3.3 through the real adb server and the virtual device', () => {
  let adb: AdbServer;
  let device: VirtualDevice;
  let client: Client;

  beforeAll(async () => {
    adb = await startAdbServer();
    device = await startVirtualDevice();
    await adb.connect(device.serial);
    client = Adb.createClient({ port: adb.port });
  }, TIMEOUT);

  afterAll(async () => {
    await device?.stop();
    await adb?.stop();
  }, TIMEOUT);

  it(
    'streams real H.264 of the lab and takes touches from the control socket',
    async () => {
      const t0 = performance.now();
      const session = await startScrcpySession(adbkitTransport(client, device.serial), {
        jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
      });
      try {
        expect(
          Buffer.from(device.android.fs.read(SCRCPY_SERVER_DEVICE_PATH)!).equals(VIRTUAL_DEVICE_SERVER_STAND_IN),
        ).toBe(true);
        expect(session.deviceName).toBe('Tactile Virtual Phone');
        expect(session.videoSize()).toEqual({ width: 1080, height: 2400 });
        const { packets } = collector(session);
        await expect.poll(() => packets.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
        const firstFrameMs = packets[1]!.at - t0;

        const [config, first] = packets;
        expect(config!.type).toBe('configuration');
        const sps = h264ParseConfiguration(config!.data);
        expect([sps.croppedWidth, sps.croppedHeight]).toEqual([1080, 2400]);
        expect(nalTypes(config!.data)).toEqual([7, 8]);
        expect(first).toMatchObject({ type: 'data', keyframe: true });
        expect(nalTypes(first!.data)).toContain(5); // an IDR slice

        // Tap Play through scrcpy's control socket: the lab starts playing and the stream carries new frames.
        const play =
          device.android.lab.findNode('play_pause') ??
          device.android.lab.snapshot().nodes.find((n) => n.resource_id.endsWith(':id/play_pause'));
        expect(play?.content_desc).toBe('Play');
        const eventsBefore = device.android.input.inputEventCount;
        const before = packets.length;
        const p = center(play!.bounds);
        await session.control!.touch('down', { pointerId: 0, ...p });
        await session.control!.touch('up', { pointerId: 0, ...p });
        await expect
          .poll(
            () =>
              device.android.lab.snapshot().nodes.find((n) => n.resource_id.endsWith(':id/play_pause'))?.content_desc,
            { timeout: 20_000 },
          )
          .toBe('Pause');
        expect(device.android.input.inputEventCount - eventsBefore).toBe(2);
        // Playing advances the timeline every second: frames keep flowing, as delta frames.
        await expect.poll(() => packets.length).toBeGreaterThan(before + 2);
        expect(packets.slice(before).some((x) => x.type === 'data' && x.keyframe === false)).toBe(true);

        // RESET_VIDEO: the configuration again and a keyframe follow, from the same encoder process (an IDR
        // frame asked of the running x264, as MediaCodec's sync-frame request does on a phone).
        const encoders = encoderPids();
        expect(encoders).toHaveLength(1);
        const beforeReset = packets.length;
        await session.control!.resetVideo();
        await expect.poll(() => packets.slice(beforeReset).some((x) => x.type === 'configuration')).toBe(true);
        const afterConfig = packets.slice(beforeReset).findIndex((x) => x.type === 'configuration');
        expect(packets[beforeReset + afterConfig]!.data).toEqual(config!.data);
        await expect
          .poll(() => packets.slice(beforeReset + afterConfig + 1).some((x) => x.type === 'data' && x.keyframe), {
            timeout: 20_000,
          })
          .toBe(true);
        const idr = packets.slice(beforeReset + afterConfig + 1).find((x) => x.type === 'data' && x.keyframe)!;
        expect(nalTypes(idr.data)).toContain(5);
        expect(encoderPids()).toEqual(encoders);

        console.log(
          `scrcpy integration: first frame ${firstFrameMs.toFixed(0)} ms after start, ${packets.length} packets`,
        );
      } finally {
        session.close();
        expect(await session.closed).toEqual({});
      }
    },
    TIMEOUT,
  );

  it(
    'a still screen repeats its last frame (scrcpy: KEY_REPEAT_PREVIOUS_FRAME_AFTER = 100 ms)',
    async () => {
      // A playing timeline (an earlier test taps Play) changes the screen every second: pause it first, through
      // a session of its own. Watching the still screen in that same session would race the encoder: at load a
      // frame encoded just before the pause (a repeat, then the changed play icon 91 ms later) can still be on its
      // way when the pause is seen, and would read as a repeat too early. A fresh session of the still screen
      // carries only its first frame and then repeats, so every gap in it is the device's repeat interval.
      const playPause = () =>
        device.android.lab.snapshot().nodes.find((n) => n.resource_id.endsWith(':id/play_pause'))!;
      if (playPause().content_desc === 'Pause') {
        const pauser = await startScrcpySession(adbkitTransport(client, device.serial), {
          jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
        });
        try {
          const p = center(playPause().bounds);
          await pauser.control!.touch('down', { pointerId: 0, ...p });
          await pauser.control!.touch('up', { pointerId: 0, ...p });
          await expect.poll(() => playPause().content_desc).toBe('Play');
        } finally {
          pauser.close();
          await pauser.closed;
        }
      }
      const version = device.android.lab.version;
      const session = await startScrcpySession(adbkitTransport(client, device.serial), {
        jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
      });
      try {
        const { packets } = collector(session);
        const frames = () => packets.filter((p) => p.type === 'data');
        // The first frame and five repeats: 0.5 s of device time; the poll's deadline (20 s) is for a loaded CI.
        await expect.poll(() => frames().length).toBeGreaterThanOrEqual(6);
        expect(device.android.lab.version).toBe(version);
        // Repeats are frames 100 ms apart or more in the stream's own time, and the stream's time only grows.
        const pts = frames().map((p) => Number(p.type === 'data' ? p.pts : 0n));
        for (let i = 1; i < pts.length; i++) expect(pts[i]! - pts[i - 1]!).toBeGreaterThanOrEqual(99_000);
      } finally {
        session.close();
        await session.closed;
      }
    },
    TIMEOUT,
  );

  it(
    'two-finger touches arrive as one multi-pointer gesture; max_size scales video and touch positions',
    async () => {
      const session = await startScrcpySession(adbkitTransport(client, device.serial), {
        jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
        maxSize: 1200,
      });
      try {
        // Size.limit: 2400 → 1200 and 1080 → 540; round8: 540 → 544 (the minor side rounds to the nearest multiple of 8).
        expect(session.videoSize()).toEqual({ width: 544, height: 1200 });
        const { packets } = collector(session);
        await expect.poll(() => packets.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
        const sps = h264ParseConfiguration(packets[0]!.data);
        expect([sps.croppedWidth, sps.croppedHeight]).toEqual([544, 1200]);

        const received: Array<{ action: string; pointers: Array<{ x: number; y: number }> }> = [];
        const off = device.android.input.onEvent((e) => received.push({ action: e.action, pointers: e.pointers }));
        const c = session.control!;
        await c.touch('down', { pointerId: 1, x: 100, y: 600 });
        await c.touch('down', { pointerId: 2, x: 300, y: 600 });
        await c.touch('move', { pointerId: 2, x: 320, y: 600 });
        await c.touch('up', { pointerId: 2, x: 320, y: 600 });
        await c.touch('up', { pointerId: 1, x: 100, y: 600 });
        await expect.poll(() => received.length).toBe(5);
        off();
        expect(received.map((e) => e.action)).toEqual(['down', 'pointer_down', 'move', 'pointer_up', 'up']);
        // PositionMapper: device = trunc(video × 1080/544, video × 2400/1200).
        expect(received[1]!.pointers.map((q) => [q.x, q.y])).toEqual([
          [198, 1200],
          [595, 1200],
        ]);
        expect(device.android.input.lastGesture?.max_pointers).toBe(2);
      } finally {
        session.close();
        await session.closed;
      }
    },
    TIMEOUT,
  );

  it(
    'as an input backend: a two-finger pinch from shared/gesture strokes reaches the lab as one gesture',
    async () => {
      const { ScrcpyInput } = await import('../../electron/input/scrcpy-input');
      const session = await startScrcpySession(adbkitTransport(client, device.serial), {
        jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
      });
      try {
        const input = new ScrcpyInput({
          control: session.control!,
          videoSize: session.videoSize,
          screenSize: () => device.android.display,
        });
        const received: string[] = [];
        const off = device.android.input.onEvent((e) => received.push(`${e.action}:${e.pointer_count}`));
        const outcome = await input.dispatch(
          [
            {
              id: 0,
              keyframes: [
                { t_ms: 0, x: 400, y: 600 },
                { t_ms: 100, x: 300, y: 600 },
              ],
            },
            {
              id: 1,
              keyframes: [
                { t_ms: 0, x: 600, y: 600 },
                { t_ms: 100, x: 700, y: 600 },
              ],
            },
          ],
          'op-1',
        );
        expect(outcome).toMatchObject({ ok: true, figures: { backend: 'scrcpy' } });
        await expect.poll(() => received.at(-1)).toBe('up:1');
        off();
        expect(received[0]).toBe('down:1');
        expect(received[1]).toBe('pointer_down:2');
        expect(device.android.input.lastGesture?.max_pointers).toBe(2);
      } finally {
        session.close();
        await session.closed;
      }
    },
    TIMEOUT,
  );

  it(
    'sets the clipboard with an ack, and types text into the focused field',
    async () => {
      const session = await startScrcpySession(adbkitTransport(client, device.serial), {
        jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
      });
      try {
        await session.control!.setClipboard('from host');
        expect(device.android.clipboard.get()).toBe('from host');
        const edit = device.android.lab.snapshot().nodes.find((n) => n.resource_id.endsWith(':id/edit_text'))!;
        const p = center(edit.visible_bounds);
        await session.control!.touch('down', { pointerId: 0, ...p });
        await session.control!.touch('up', { pointerId: 0, ...p });
        await session.control!.text('Hi');
        await expect
          .poll(() => device.android.lab.snapshot().nodes.find((n) => n.resource_id.endsWith(':id/edit_text'))?.text, {
            timeout: 20_000,
          })
          .toBe('Hi');
      } finally {
        session.close();
        await session.closed;
      }
    },
    TIMEOUT,
  );

  it(
    'ROTATE_DEVICE rotates the lab; a new configuration packet announces the landscape size',
    async () => {
      const session = await startScrcpySession(adbkitTransport(client, device.serial), {
        jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
      });
      try {
        const { packets } = collector(session);
        await expect.poll(() => packets.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
        const sizes: Array<{ width: number; height: number }> = [];
        session.onSizeChange((s) => sizes.push(s));
        await session.control!.rotateDevice();
        await expect.poll(() => session.videoSize(), { timeout: 10_000 }).toEqual({ width: 2400, height: 1080 });
        expect(sizes).toEqual([{ width: 2400, height: 1080 }]);
        const config = packets.filter((p) => p.type === 'configuration').at(-1)!;
        const sps = h264ParseConfiguration(config.data);
        expect([sps.croppedWidth, sps.croppedHeight]).toEqual([2400, 1080]);
      } finally {
        device.android.setRotation(0);
        session.close();
        await session.closed;
      }
    },
    TIMEOUT,
  );

  it(
    'without an encoder the session ends with an error that says what to install',
    async () => {
      process.env.TACTILE_FFMPEG = '/nonexistent/ffmpeg';
      try {
        const session = await startScrcpySession(adbkitTransport(client, device.serial), {
          jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
        }).catch((e: Error) => ({ closed: Promise.resolve({ error: e }) }));
        const { error } = await session.closed;
        expect(error?.message).toMatch(/ffmpeg not found.*apt-get install ffmpeg/);
      } finally {
        delete process.env.TACTILE_FFMPEG;
      }
    },
    TIMEOUT,
  );

  it(
    'reports a clear error when the server refuses to start',
    async () => {
      const transport = adbkitTransport(client, device.serial);
      // No server file pushed to the path the command names: app_process cannot find the class.
      await expect(
        startScrcpySession(
          {
            ...transport,
            push: async () => undefined,
            openLocal: transport.openLocal,
            shell: (cmd) => transport.shell(cmd.replace(SCRCPY_SERVER_DEVICE_PATH, '/data/local/tmp/missing.jar')),
          },
          { jar: VIRTUAL_DEVICE_SERVER_STAND_IN, connectTimeoutMs: 3000 },
        ),
      ).rejects.toThrow(/exited before accepting|Could not find class/);
    },
    TIMEOUT,
  );
});
