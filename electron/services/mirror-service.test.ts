import { ReadableStream } from '@yume-chan/stream-extra';
import { describe, expect, it, vi } from 'vitest';
import type { ScrcpySession } from '../scrcpy/scrcpy-session';
import { EventHub } from './event-hub';

// The device side is faked: a session whose packet stream breaks (a malformed packet) while its sockets stay open,
// or (healthy) one that streams nothing, has a control socket and can announce a new video size.
let closeCalls = 0;
let healthy = false;
let screen = { width: 1080, height: 2400 };
const sizeListeners: Array<(size: { width: number; height: number }) => void> = [];
vi.mock('../scrcpy/server-jar', () => ({ loadServerJar: () => new Uint8Array(1) }));
vi.mock('../scrcpy/device-transport', () => ({ adbkitTransport: () => ({}) }));
vi.mock('../adb/device-info', () => ({ getDeviceInfo: async () => ({ screen }) }));
vi.mock('../scrcpy/scrcpy-session', () => ({
  startScrcpySession: async (): Promise<ScrcpySession> => {
    let resolveClosed!: (v: { error?: Error }) => void;
    return {
      deviceName: 'fake',
      videoSize: () => ({ width: 1080, height: 2400 }),
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
    const service = new MirrorService({ events, serverFor: () => ({ client: {} }) as never, isVirtual: () => true });
    const { session } = await service.start('dev', 0);
    await vi.waitFor(() => expect(ended).toEqual([{ session, error: 'bad packet header' }]), { timeout: 1000 });
    expect(closeCalls).toBe(1);
    expect(service.stop(session)).toBe(false);
  });

  it("offers the live control socket as input for its device, and none while a rotation's new screen is unread", async () => {
    healthy = true;
    const { MirrorService } = await import('./mirror-service');
    const service = new MirrorService({ events: new EventHub(), serverFor: () => ({ client: {} }) as never, isVirtual: () => true });
    const { session } = await service.start('dev', 0);
    expect(service.inputFor('other')).toBeNull();
    expect(service.inputFor('dev')?.kind).toBe('scrcpy');
    screen = { width: 2400, height: 1080 };
    for (const listener of sizeListeners) listener({ width: 2400, height: 1080 });
    expect(service.inputFor('dev')).toBeNull();
    await vi.waitFor(() => expect(service.inputFor('dev')?.kind).toBe('scrcpy'), { timeout: 1000 });
    service.stop(session);
    expect(service.inputFor('dev')).toBeNull();
  });
});
