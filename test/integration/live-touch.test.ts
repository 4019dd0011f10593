// Live contacts through the executor on the real adb server and the virtual device, over both live backends:
// the mirror's scrcpy control socket while a mirror is attached to the device session, the helper's `touch`
// stream once it is not. Each event reaches the device's input dispatcher as it is sent (the finger is down
// while the contact is, and up only after its up), the receipt names the backend and the call as injected,
// and a contact whose host link goes away is lifted on the device (ACTION_CANCEL), never left down.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdbServer } from '../../electron/adb';
import { DeviceLocks } from '../../electron/device/lock';
import { DeviceSessions } from '../../electron/device/sessions';
import { createExecutor, sessionDeviceLinks, type Executor } from '../../electron/executor';
import { ReceiptJournal } from '../../electron/receipts';
import { adbkitTransport } from '../../electron/scrcpy/device-transport';
import { VIRTUAL_DEVICE_SERVER_STAND_IN } from '../../electron/scrcpy/server-jar';
import { startScrcpySession, type ScrcpySession } from '../../electron/scrcpy/scrcpy-session';
import { LiveTouchEventSchema, type LiveTouchReply } from '../../shared/ipc/live-touch-contract';
import type { ReceivedEvent } from '../../virtual-device/android/input-dispatcher';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { connectVirtualDevice, testAdbClient } from '../support/executor-rig';

const TIMEOUT = 90_000;
let server: TestAdbServer;
let adb: AdbServer;
let vd: VirtualDevice;
let serial: string;
let sessions: DeviceSessions;
let executor: Executor;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-live-touch-'));
  server = await startAdbServer();
  adb = testAdbClient(server);
  vd = await startVirtualDevice();
  serial = await connectVirtualDevice(adb, vd);
  sessions = new DeviceSessions([adb]);
  executor = createExecutor({
    links: sessionDeviceLinks(sessions),
    locks: new DeviceLocks({ dir: join(dir, 'locks') }),
    journal: new ReceiptJournal({ dir: join(dir, 'receipts') }),
    evidence: null,
  });
}, TIMEOUT);

afterAll(async () => {
  sessions?.stop();
  await vd?.stop();
  await server?.stop();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
}, TIMEOUT);

/** A contact's events, sent like the page sends them: one after another, none awaited before the next. */
function contact(id: string) {
  let seq = 0;
  const send = (event: Record<string, unknown>): Promise<LiveTouchReply> =>
    executor.touch(
      LiveTouchEventSchema.parse({ serial, contact: id, seq: seq++, page_time_ms: Date.now(), ...event }),
      'console',
    );
  return {
    down: (x: number, y: number) => send({ phase: 'down', kind: 'pointer', pointers: [{ id: 0, x, y }] }),
    move: (x: number, y: number) => send({ phase: 'move', pointers: [{ id: 0, x, y }] }),
    up: (x: number, y: number) => send({ phase: 'up', pointers: [{ id: 0, x, y }] }),
  };
}

/** Device-side motion events from now on. */
function record(): { events: ReceivedEvent[]; stop(): void } {
  const events: ReceivedEvent[] = [];
  const stop = vd.android.input.onEvent((e) => {
    if (e.kind === 'motion') events.push(e);
  });
  return { events, stop };
}

const curve = Array.from({ length: 25 }, (_, i) => ({
  x: 200 + i * 25,
  y: Math.round(1800 - 300 * Math.sin((i / 24) * Math.PI)),
}));

async function liveDrag(id: string): Promise<{ reply: LiveTouchReply; events: ReceivedEvent[] }> {
  const device = record();
  try {
    const c = contact(id);
    const down = c.down(curve[0]!.x, curve[0]!.y);
    // The finger is down on the device before anything else is sent, and stays down until the up.
    await expect.poll(() => vd.android.input.pointersDown, { timeout: 15_000, interval: 5 }).toBe(1);
    expect((await down).state).toBe('live');
    // At the device's pace (each move once the one before was answered): every one is injected. A move sent
    // while a newer one waits is not (live-contact.ts), so a burst would reach the device as its last point.
    for (const p of curve.slice(1)) await c.move(p.x, p.y);
    expect(vd.android.input.pointersDown).toBe(1);
    const last = curve.at(-1)!;
    const reply = await c.up(last.x, last.y);
    // The up left main before the reply: it lands on the device right after (a socket write away).
    await expect.poll(() => vd.android.input.pointersDown, { timeout: 15_000, interval: 5 }).toBe(0);
    return { reply, events: device.events };
  } finally {
    device.stop();
  }
}

describe('live touch through the executor, real adb server, virtual device', () => {
  it(
    "over the mirror's scrcpy control socket: every event injected as sent, the receipt says scrcpy",
    async () => {
      const scrcpy: ScrcpySession = await startScrcpySession(adbkitTransport(adb.client, serial), {
        jar: VIRTUAL_DEVICE_SERVER_STAND_IN,
        control: true,
      });
      void (async () => {
        for await (const _ of scrcpy.packets) void _;
      })().catch(() => undefined);
      const session = await sessions.open(serial);
      const detach = await session.attachMirror(scrcpy);
      try {
        const { reply, events } = await liveDrag('aaaaaaaa-0000-4000-8000-000000000001');
        expect(events.map((e) => [e.action, e.pointers[0]!.x, e.pointers[0]!.y])).toEqual([
          ['down', curve[0]!.x, curve[0]!.y],
          ...curve.slice(1).map((p) => ['move', p.x, p.y]),
          ['up', curve.at(-1)!.x, curve.at(-1)!.y],
        ]);
        expect(reply.receipt).toMatchObject({
          tool: 'touch_gesture',
          status: 'completed',
          dispatch: { backend: 'scrcpy', events: curve.length + 1, event_times_ms: null },
        });
        expect(reply.backend).toBe('scrcpy');
      } finally {
        detach();
        scrcpy.close();
      }
    },
    TIMEOUT,
  );

  it(
    "without a mirror, over the helper's touch stream: the same events, stamped with the device clock",
    async () => {
      const { reply, events } = await liveDrag('aaaaaaaa-0000-4000-8000-000000000002');
      expect(events.map((e) => [e.action, e.pointers[0]!.x, e.pointers[0]!.y])).toEqual([
        ['down', curve[0]!.x, curve[0]!.y],
        ...curve.slice(1).map((p) => ['move', p.x, p.y]),
        ['up', curve.at(-1)!.x, curve.at(-1)!.y],
      ]);
      const r = reply.receipt!;
      expect(r).toMatchObject({
        tool: 'touch_gesture',
        status: 'completed',
        dispatch: { backend: 'helper', events: curve.length + 1 },
      });
      // The device's own timestamps: the events' times as the helper injected them.
      expect(r.dispatch!.event_times_ms).toEqual(events.map((e) => e.t_ms));
      expect(r.dispatch!.down_time_ms).toBe(events[0]!.t_ms);
    },
    TIMEOUT,
  );

  it(
    'a helper link that goes away mid-contact lifts the finger on the device; the receipt is unknown',
    async () => {
      const device = record();
      try {
        const c = contact('aaaaaaaa-0000-4000-8000-000000000003');
        expect((await c.down(500, 1500)).backend).toBe('helper');
        await c.move(520, 1500);
        expect(vd.android.input.pointersDown).toBe(1);
        (await (await sessions.open(serial)).native())!.close();
        // The helper saw its host go: ACTION_CANCEL, no finger left down.
        await expect.poll(() => vd.android.input.pointersDown, { timeout: 15_000, interval: 10 }).toBe(0);
        expect(device.events.at(-1)!.action).toBe('cancel');
        const end = await c.move(540, 1500);
        expect(end.receipt).toMatchObject({
          status: 'unknown',
          code: 'DEVICE_LOST',
          dispatch: { backend: 'helper', events: 2 },
        });
      } finally {
        device.stop();
      }
    },
    TIMEOUT,
  );
});
