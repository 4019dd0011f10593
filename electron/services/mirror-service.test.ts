import { ReadableStream } from '@yume-chan/stream-extra';
import { describe, expect, it, vi } from 'vitest';
import type { ScrcpySession } from '../scrcpy/scrcpy-session';
import { DeviceSession } from '../device/session';
import type { AdbServer } from '../adb/adb-server';
import type { HelperSupervisor } from '../helper/helper-supervisor';
import { EventHub } from './event-hub';

// The device answers `wm size` and the rotation in `dumpsys window`; no helper runs.
let rotation = 0;
const adb = {
  client: {},
  shell: async (_serial: string, command: string) =>
    command === 'wm size' ? 'Physical size: 1080x2400\n' : `mCurrentRotation=${rotation}\n`,
} as unknown as AdbServer;
const noHelper = { status: () => null } as unknown as HelperSupervisor;

// The device side is faked: a session whose packet stream breaks (a malformed packet) while its sockets stay open,
// or (healthy) one that streams nothing, has a control socket and can announce a new video size.
let closeCalls = 0;
let healthy = false;
let video = { width: 1080, height: 2400 };
/** SET_DISPLAY_POWER messages the fake control socket got (true = on), and the start settings. */
const powers: boolean[] = [];
const starts: unknown[] = [];
const sizeListeners: Array<(size: { width: number; height: number }) => void> = [];
vi.mock('../scrcpy/server-jar', () => ({ loadServerJar: () => new Uint8Array(1) }));
vi.mock('../scrcpy/device-transport', () => ({ adbkitTransport: () => ({}) }));
vi.mock('../scrcpy/scrcpy-session', () => ({
  startScrcpySession: async (_transport: unknown, options: unknown): Promise<ScrcpySession> => {
    let resolveClosed!: (v: { error?: Error }) => void;
    starts.push(options);
    return {
      deviceName: 'fake',
      videoSize: () => video,
      lastFrameAt: () => -Infinity,
      onSizeChange: (listener) => {
        sizeListeners.push(listener);
        return () => true;
      },
      packets: healthy
        ? new ReadableStream({})
        : new ReadableStream({ pull: (controller) => controller.error(new Error('bad packet header')) }),
      control: healthy
        ? ({ displayPower: async (mode: number) => void powers.push(mode !== 0) } as unknown as NonNullable<
            ScrcpySession['control']
          >)
        : null,
      closed: new Promise((r) => (resolveClosed = r)),
      close: () => {
        closeCalls++;
        resolveClosed({});
      },
    };
  },
}));

describe('MirrorService', () => {
  it('a broken packet stream ends the session (server stopped, mirror.ended with the reason)', async () => {
    const { MirrorService } = await import('./mirror-service');
    const events = new EventHub();
    const ended: unknown[] = [];
    events.onAny((channel, payload) => channel === 'mirror.ended' && ended.push(payload));
    const device = new DeviceSession(adb, noHelper, 'dev');
    const service = new MirrorService({ events, session: () => device, isVirtual: () => true });
    const { session } = await service.start('dev', { maxSize: 0 });
    await vi.waitFor(() => expect(ended).toEqual([{ session, error: 'bad packet header' }]), { timeout: 20_000 });
    expect(closeCalls).toBe(1);
    expect(service.stop(session)).toBe(false);
    expect(device.mirrorInput()).toBeNull();
  });

  it("offers the live control socket as its device session's input, and none while a rotation's new screen is unread", async () => {
    healthy = true;
    const { MirrorService } = await import('./mirror-service');
    const device = new DeviceSession(adb, noHelper, 'dev');
    const other = new DeviceSession(adb, noHelper, 'other');
    const service = new MirrorService({
      events: new EventHub(),
      session: (serial) => (serial === 'dev' ? device : other),
      isVirtual: () => true,
    });
    const { session } = await service.start('dev', { maxSize: 0 });
    expect(other.mirrorInput()).toBeNull();
    expect(device.mirrorInput()?.kind).toBe('scrcpy');
    expect(device.lastScreen()?.screen).toEqual({ width: 1080, height: 2400 });
    rotation = 1;
    video = { width: 2400, height: 1080 };
    for (const listener of sizeListeners) listener(video);
    expect(device.mirrorInput()).toBeNull();
    await vi.waitFor(() => expect(device.mirrorInput()?.kind).toBe('scrcpy'), { timeout: 20_000 });
    expect(device.lastScreen()).toMatchObject({ screen: { width: 2400, height: 1080 }, rotation: 1 });
    service.stop(session);
    expect(device.mirrorInput()).toBeNull();
    rotation = 0;
    video = { width: 1080, height: 2400 };
  });

  it('a downscaled stream is no input (scrcpy cannot reach every device pixel through it)', async () => {
    healthy = true;
    const { MirrorService } = await import('./mirror-service');
    const device = new DeviceSession(adb, noHelper, 'dev');
    const service = new MirrorService({ events: new EventHub(), session: () => device, isVirtual: () => true });
    video = { width: 544, height: 1200 };
    const { session } = await service.start('dev', { maxSize: 1200, videoBitRate: 4_000_000, maxFps: 30 });
    expect(starts.at(-1)).toMatchObject({ maxSize: 1200, videoBitRate: 4_000_000, maxFps: 30, control: true });
    expect(device.lastScreen()?.screen).toEqual({ width: 1080, height: 2400 });
    expect(device.mirrorInput()).toBeNull();
    expect(device.mirrorControl()).not.toBeNull(); // keys, text and the clipboard still go through it
    service.stop(session);
    video = { width: 1080, height: 2400 };
  });

  it('keeps the panel off across the sessions of a device, and lights it when its mirror stops', async () => {
    healthy = true;
    powers.length = 0;
    const { MirrorService } = await import('./mirror-service');
    const device = new DeviceSession(adb, noHelper, 'dev');
    const service = new MirrorService({ events: new EventHub(), session: () => device, isVirtual: () => true });
    expect(await service.screenOff('dev', true)).toBe(false); // nothing runs yet; kept for the next session
    const first = await service.start('dev', { maxSize: 0 });
    await vi.waitFor(() => expect(powers).toEqual([false]), { timeout: 20_000 });
    // A restart (another size): the new session turns the panel off again, the old one does not light it.
    const second = await service.start('dev', { maxSize: 800 });
    await vi.waitFor(() => expect(powers).toEqual([false, false]), { timeout: 20_000 });
    expect(service.stop(first.session)).toBe(false);
    service.stop(second.session);
    await vi.waitFor(() => expect(powers).toEqual([false, false, true]), { timeout: 20_000 });
    const third = await service.start('dev', { maxSize: 0 });
    await vi.waitFor(() => expect(powers).toEqual([false, false, true, false]), { timeout: 20_000 });
    expect(await service.screenOff('dev', false)).toBe(true);
    expect(powers.at(-1)).toBe(true);
    service.stop(third.session);
    expect(powers).toHaveLength(5); // not kept off any more: nothing to light at the stop
  });
});
