import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdbServer, DeviceEntry } from './adb-server';
import { DeviceTracker, isNetworkSerial } from './device-tracker';

describe('isNetworkSerial (devices reconnected after an adb server restart)', () => {
  it('is true for host:port serials and false for USB, emulator and mDNS serials', () => {
    for (const s of ['127.0.0.1:6621', '192.168.1.20:5555', 'phone.lan:5555']) expect(isNetworkSerial(s)).toBe(true);
    for (const s of [
      'emulator-5554',
      'R58M123ABC',
      'adb-R58M123ABC-xyz._adb-tls-connect._tcp',
      '127.0.0.1:',
      ':5555',
      '127.0.0.1:5555\n',
    ]) {
      expect(isNetworkSerial(s)).toBe(false);
    }
  });
});

// One adb server, faked: whether it listens, its device list, and the track-devices connections opened on it.
function fakeServer() {
  const address = '127.0.0.1:5037';
  let devices: DeviceEntry[] = [
    { serial: '127.0.0.1:6621', state: 'device', server: address },
    { serial: 'R58M123ABC', state: 'device', server: address },
  ];
  const trackers: Array<EventEmitter & { end(): void }> = [];
  const looks: number[] = [];
  const state = { listening: true };
  const server = {
    address,
    reachable: vi.fn(async () => {
      looks.push(Date.now());
      return state.listening;
    }),
    run: (_action: string, _serial: string | undefined, work: () => unknown) => work(),
    client: {
      trackDevices: vi.fn(async () => {
        if (!state.listening) throw new Error('adbkit would have started a server here');
        const t = Object.assign(new EventEmitter(), { end: () => t.emit('end') });
        trackers.push(t);
        return t;
      }),
    },
    listDevices: async () => devices,
    connect: vi.fn(async (target: string) => target),
  };
  return {
    server: server as unknown as AdbServer,
    fake: server,
    trackers,
    looks,
    state,
    setDevices: (d: DeviceEntry[]) => (devices = d),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DeviceTracker after its server went away', () => {
  it('looks for it with a TCP probe only, 100 ms doubling to a 1 s cap, then tracks it again and reconnects its network devices', async () => {
    vi.useFakeTimers({ now: 0 });
    const s = fakeServer();
    const tracker = new DeviceTracker([s.server]);
    await tracker.start();
    expect(
      tracker
        .devices()
        .map((d) => d.serial)
        .sort(),
    ).toEqual(['127.0.0.1:6621', 'R58M123ABC']);

    s.state.listening = false;
    s.setDevices([]);
    const lostAt = Date.now();
    s.trackers[0]!.end();
    expect(tracker.devices()).toEqual([]);
    await vi.advanceTimersByTimeAsync(5500);
    expect(s.looks.map((t) => t - lostAt)).toEqual([100, 300, 700, 1500, 2500, 3500, 4500, 5500]);
    // Never an adbkit command (which would start a server of its own) while the server does not listen.
    expect(s.fake.client.trackDevices).toHaveBeenCalledTimes(1);

    s.state.listening = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.fake.client.trackDevices).toHaveBeenCalledTimes(2);
    // Only the network device is connected again: a USB device comes back through the server by itself.
    expect(s.fake.connect.mock.calls).toEqual([['127.0.0.1:6621']]);
    tracker.stop();
  });

  it('stops looking once stopped', async () => {
    vi.useFakeTimers({ now: 0 });
    const s = fakeServer();
    const tracker = new DeviceTracker([s.server]);
    await tracker.start();
    s.state.listening = false;
    s.trackers[0]!.end();
    await vi.advanceTimersByTimeAsync(350);
    tracker.stop();
    const looks = s.looks.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.looks.length).toBe(looks);
  });
});
