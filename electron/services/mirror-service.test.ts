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
  shell: async (_serial: string, command: string) => (command === 'wm size' ? 'Physical size: 1080x2400\n' : `mCurrentRotation=${rotation}\n`),
} as unknown as AdbServer;
const noHelper = { status: () => null } as unknown as HelperSupervisor;

// The device side is faked: a session whose packet stream breaks (a malformed packet) while its sockets stay open,
// or (healthy) one that streams nothing, has a control socket and can announce a new video size.
let closeCalls = 0;
let healthy = false;
const sizeListeners: Array<(size: { width: number; height: number }) => void> = [];
vi.mock('../scrcpy/server-jar', () => ({ loadServerJar: () => new Uint8Array(1) }));
vi.mock('../scrcpy/device-transport', () => ({ adbkitTransport: () => ({}) }));
vi.mock('../scrcpy/scrcpy-session', () => ({
  startScrcpySession: async (): Promise<ScrcpySession> => {
    let resolveClosed!: (v: { error?: Error }) => void;
    return {
      deviceName: 'fake',
      videoSize: () => ({ width: 1080, height: 2400 }),
      lastFrameAt: () => -Infinity,
      onSizeChange: (listener) => {
        sizeListeners.push(listener);
        return () => true;
      },
      packets: healthy ? new ReadableStream({}) : new ReadableStream({ pull: (controller) => controller.error(new Error('bad packet header')) }),
      control: healthy ? ({} as NonNullable<ScrcpySession['control']>) : null,
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
    const { session } = await service.start('dev', 0);
    await vi.waitFor(() => expect(ended).toEqual([{ session, error: 'bad packet header' }]), { timeout: 1000 });
    expect(closeCalls).toBe(1);
    expect(service.stop(session)).toBe(false);
    expect(device.mirrorInput()).toBeNull();
  });

  it("offers the live control socket as its device session's input, and none while a rotation's new screen is unread", async () => {
    healthy = true;
    const { MirrorService } = await import('./mirror-service');
    const device = new DeviceSession(adb, noHelper, 'dev');
    const other = new DeviceSession(adb, noHelper, 'other');
    const service = new MirrorService({ events: new EventHub(), session: (serial) => (serial === 'dev' ? device : other), isVirtual: () => true });
    const { session } = await service.start('dev', 0);
    expect(other.mirrorInput()).toBeNull();
    expect(device.mirrorInput()?.kind).toBe('scrcpy');
    expect(device.lastScreen()?.screen).toEqual({ width: 1080, height: 2400 });
    rotation = 1;
    for (const listener of sizeListeners) listener({ width: 2400, height: 1080 });
    expect(device.mirrorInput()).toBeNull();
    await vi.waitFor(() => expect(device.mirrorInput()?.kind).toBe('scrcpy'), { timeout: 1000 });
    expect(device.lastScreen()).toMatchObject({ screen: { width: 2400, height: 1080 }, rotation: 1 });
    service.stop(session);
    expect(device.mirrorInput()).toBeNull();
  });
});
