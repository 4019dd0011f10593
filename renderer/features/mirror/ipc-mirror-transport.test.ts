import { describe, expect, it } from 'vitest';
import type { TactileApi } from '../../../shared/ipc';
import { setApi } from '../../app/api';
import type { MirrorPacket, MirrorStreamInfo } from './transport';
import { ipcMirrorTransport } from './ipc-mirror-transport';

function fakeApi() {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const requests: Array<{ channel: string; request: unknown }> = [];
  let resolveStart: (v: unknown) => void = () => {};
  const api = {
    request(channel: string, request: unknown) {
      requests.push({ channel, request });
      if (channel === 'mirror.start') return new Promise((r) => (resolveStart = r));
      return Promise.resolve({ stopped: true, requested: true });
    },
    on(channel: string, listener: (p: unknown) => void) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
  };
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l(payload));
  return { api: api as unknown as TactileApi, requests, emit, listeners, start: (v: unknown) => resolveStart(v) };
}

const packet = (session: string, n: number) => ({
  session,
  type: 'data',
  data: new Uint8Array([n]),
  keyframe: n === 1,
  pts: n,
  sent_at: 1000 + n,
});

describe('ipcMirrorTransport', () => {
  it('replays packets that arrived before the session was named, drops other sessions, ends on mirror.ended', async () => {
    const f = fakeApi();
    setApi(f.api);
    const got: MirrorPacket[] = [];
    const infos: MirrorStreamInfo[] = [];
    const ends: Array<string | undefined> = [];
    const stop = ipcMirrorTransport(
      'dev',
      { width: 1080, height: 2400 },
      { maxSize: 736, bitRate: 4_000_000, maxFps: 30 },
    ).openStream({
      onInfo: (i) => infos.push(i),
      onPacket: (p) => got.push(p),
      onEnd: (e) => ends.push(e),
    });
    expect(f.requests[0]).toEqual({
      channel: 'mirror.start',
      request: { serial: 'dev', max_size: 736, video_bit_rate: 4_000_000, max_fps: 30 },
    });
    f.emit('mirror.packet', packet('s1', 1));
    f.emit('mirror.packet', packet('other', 9));
    f.start({ session: 's1', width: 540, height: 1200, device_name: 'Phone' });
    await Promise.resolve();
    await Promise.resolve();
    f.emit('mirror.packet', packet('s1', 2));
    f.emit('mirror.packet', packet('other', 8));
    expect(infos).toEqual([
      { deviceName: 'Phone', video: { width: 540, height: 1200 }, screen: { width: 1080, height: 2400 } },
    ]);
    expect(got.map((p) => [p.data[0], p.keyframe, p.sentAt])).toEqual([
      [1, true, 1001],
      [2, false, 1002],
    ]);
    f.emit('mirror.ended', { session: 'other', error: 'x' });
    f.emit('mirror.ended', { session: 's1', error: 'server died' });
    expect(ends).toEqual(['server died']);
    stop();
    expect(f.requests.at(-1)).toEqual({ channel: 'mirror.stop', request: { session: 's1' } });
    expect([...f.listeners.values()].every((s) => s.size === 0)).toBe(true);
  });

  it('a stream closed before main answered stops the session main then reports', async () => {
    const f = fakeApi();
    setApi(f.api);
    const stop = ipcMirrorTransport('dev', { width: 10, height: 10 }).openStream({
      onInfo: () => {},
      onPacket: () => {},
      onEnd: () => {},
    });
    stop();
    f.start({ session: 'late', width: 1, height: 1, device_name: '' });
    await new Promise((r) => setTimeout(r, 0));
    expect(f.requests.at(-1)).toEqual({ channel: 'mirror.stop', request: { session: 'late' } });
  });
});
