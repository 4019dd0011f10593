import { describe, expect, it } from 'vitest';
import type { AdbServer } from '../adb/adb-server';
import { sessionDeviceLinks } from '../executor/adb-device-link';
import type { HelperChannel, HelperSupervisor } from '../helper';
import type { ControlChannel } from '../scrcpy/control-channel';
import { DeviceSession, type MirrorSource } from './session';
import { DeviceSessions } from './sessions';

function supervisor(connected: boolean): HelperSupervisor {
  const status = connected
    ? {
        state: 'connected',
        channel: { info: { capabilities: ['inject.multi_pointer'] } } as unknown as HelperChannel,
        install: null,
      }
    : { state: 'unavailable', code: 'CAPABILITY_UNAVAILABLE', message: 'no helper', install: null };
  return { ensure: async () => status, status: () => status } as unknown as HelperSupervisor;
}

// `wm size` and the rotation in `dumpsys window`, as a phone answers them; every command is counted.
function fakeAdb(address = '127.0.0.1:5037'): AdbServer & { commands: string[] } {
  const commands: string[] = [];
  return {
    address,
    commands,
    shell: async (_serial: string, command: string) => {
      commands.push(command);
      return command === 'wm size' ? 'Physical size: 1080x2400\n' : 'mCurrentRotation=0\n';
    },
  } as unknown as AdbServer & { commands: string[] };
}

const mirror: MirrorSource = {
  control: {} as ControlChannel,
  videoSize: () => ({ width: 1080, height: 2400 }),
  onSizeChange: () => () => true,
  lastFrameAt: () => -Infinity,
};

describe('DeviceSession input backend choice', () => {
  it('takes the helper when it is connected, even with a live mirror', async () => {
    const session = new DeviceSession(fakeAdb(), supervisor(true), 'dev');
    await session.attachMirror(mirror);
    expect((await session.input()).kind).toBe('helper');
  });

  it("takes the live mirror's scrcpy control socket when the helper is not running, until the mirror detaches", async () => {
    const session = new DeviceSession(fakeAdb(), supervisor(false), 'dev');
    const detach = await session.attachMirror(mirror);
    expect((await session.input()).kind).toBe('scrcpy');
    detach();
    expect((await session.input()).kind).toBe('adb_input');
  });

  it('falls back to adb shell input without a helper or a mirror', async () => {
    expect((await new DeviceSession(fakeAdb(), supervisor(false), 'dev').input()).kind).toBe('adb_input');
  });
});

describe('DeviceSession screen change signal', () => {
  it('proves "unchanged since t" only while a mirror attached before t has sent no packet since t', async () => {
    const session = new DeviceSession(fakeAdb(), supervisor(false), 'dev');
    expect(session.screenUnchangedSince(performance.now())).toBe(false); // no stream: nothing proves it
    let lastFrame = -Infinity;
    const detach = await session.attachMirror({ ...mirror, lastFrameAt: () => lastFrame });
    const attached = performance.now();
    expect(session.screenUnchangedSince(attached - 60_000)).toBe(false); // before the mirror watched
    expect(session.screenUnchangedSince(attached)).toBe(true);
    lastFrame = attached + 1; // a frame arrived after t: a redraw
    expect(session.screenUnchangedSince(attached)).toBe(false);
    expect(session.screenUnchangedSince(attached + 2)).toBe(true);
    detach();
    expect(session.screenUnchangedSince(attached + 2)).toBe(false);
  });
});

describe('DeviceSessions', () => {
  it("gives the executor's links the session the console's mirror is attached to: its screen and its control socket", async () => {
    const adb = fakeAdb();
    const sessions = new DeviceSessions([adb], () => supervisor(false));
    const session = sessions.session('dev', adb);
    await session.attachMirror(mirror);
    expect(session.lastScreen()).toMatchObject({ screen: { width: 1080, height: 2400 }, rotation: 0 });
    const link = await sessionDeviceLinks(sessions).open('dev');
    expect(link.serial).toBe('dev');
    expect((await link.input()).kind).toBe('scrcpy');
    const before = adb.commands.length;
    expect(await link.screen()).toEqual({ width: 1080, height: 2400 });
    expect(adb.commands.length).toBeGreaterThan(before);
    expect(session.lastScreen()?.read_at).toBeGreaterThan(0);
  });

  it('keeps a bounded number of sessions, never forgetting a mirrored one', async () => {
    const adb = fakeAdb();
    const sessions = new DeviceSessions([adb]);
    const mirrored = sessions.session('mirrored', adb);
    await mirrored.attachMirror(mirror);
    for (let i = 0; i < 500; i++) sessions.session(`bogus-${i}`, adb);
    expect(sessions.session('mirrored', adb)).toBe(mirrored);
    expect(sessions.session('bogus-499', adb)).toBe(sessions.session('bogus-499', adb));
    expect(sessions.session('bogus-0', adb)).not.toBe(sessions.session('bogus-1', adb));
    expect(sessions.size()).toBeLessThanOrEqual(64);
  });

  it('replaces the session when the device is listed by another server, and after it was dropped', () => {
    const first = fakeAdb('127.0.0.1:5037');
    const second = fakeAdb('127.0.0.1:5038');
    const sessions = new DeviceSessions([first, second]);
    const a = sessions.session('dev', first);
    const b = sessions.session('dev', second);
    expect(b).not.toBe(a);
    expect(b.adb).toBe(second);
    sessions.drop('dev');
    expect(sessions.session('dev', second)).not.toBe(b);
  });
});
