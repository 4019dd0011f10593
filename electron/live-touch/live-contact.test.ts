// A live contact through the executor (createExecutor().touch) against a recording live backend: the lock at
// the first down (refused → nothing sent, the holder named), the intent on disk before the first event, each
// event injected as it arrives, one receipt at the last up naming the call as injected, and every way a
// contact can break ending it with ACTION_CANCEL and an `unknown` receipt with its count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveTouchEventInput, LiveTouchReply } from '../../shared/ipc/live-touch-contract';
import { LiveTouchEventSchema } from '../../shared/ipc/live-touch-contract';
import { ReceiptSchema } from '../../shared/receipts';
import { DeviceLocks } from '../device/lock';
import { createExecutor, type Executor } from '../executor';
import type { DeviceLink } from '../executor/device-link';
import type { LiveInput, LiveMotion, LiveSent } from '../input/live-input';
import { readRecords } from '../receipts/journal-reader';
import { ReceiptJournal } from '../receipts/journal';

const SERIAL = 'fake-1';
const screen = { width: 1080, height: 2400 };

/** Records every event with the journal's intents as they were when it arrived; `clock` is the injection time. */
class RecordingInput implements LiveInput {
  readonly kind = 'scrcpy' as const;
  readonly screen = screen;
  readonly sent: Array<LiveMotion & { intents: number }> = [];
  clock = 1000;
  failAfter = Infinity;
  /** The helper's input gate answers DEVICE_BUSY (another host's input runs): nothing is injected. */
  gateHeldBy: string | null = null;
  constructor(private readonly journalDir: string) {}
  async send(event: LiveMotion): Promise<LiveSent> {
    if (this.sent.length >= this.failAfter) throw Object.assign(new Error('socket closed'), { code: 'DEVICE_LOST' });
    if (this.gateHeldBy)
      throw Object.assign(
        new Error(
          `the helper refused the ${event.action}: DEVICE_BUSY input of operation ${this.gateHeldBy} is running on this device`,
        ),
        { code: 'DEVICE_BUSY' },
      );
    const intents = readRecords(this.journalDir).entries.filter((e) => e.value.kind === 'intent').length;
    this.sent.push({ ...event, pointers: event.pointers.map((p) => ({ ...p })), intents });
    return { at: this.clock, device_ms: null, pointers: event.pointers };
  }
}

let dir: string;
let locks: DeviceLocks;
let input: RecordingInput | null;
let executor: Executor;
let seq = 0;
const contact = '11111111-2222-4333-8444-555555555555';

function link(): DeviceLink {
  return { serial: SERIAL, liveInput: async () => input } as unknown as DeviceLink;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-live-unit-'));
  locks = new DeviceLocks({ dir: join(dir, 'locks') });
  input = new RecordingInput(join(dir, 'receipts'));
  executor = createExecutor({
    links: { open: async () => link() },
    locks,
    journal: new ReceiptJournal({ dir: join(dir, 'receipts') }),
    evidence: null,
  });
  seq = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function touch(event: Record<string, unknown>): Promise<LiveTouchReply> {
  const parsed = LiveTouchEventSchema.parse({
    serial: SERIAL,
    contact,
    seq: seq++,
    page_time_ms: 1,
    ...event,
  } as LiveTouchEventInput);
  return executor.touch(parsed, 'console');
}
const p = (x: number, y: number, id = 0) => ({ id, x, y });
const receipts = () =>
  readRecords(join(dir, 'receipts')).entries.flatMap((e) => (e.value.kind === 'receipt' ? [e.value.value] : []));

describe('a live contact in main', () => {
  it('takes the lock and writes the intent before the down, injects each move as it comes, and answers the up with one receipt', async () => {
    // Sent without waiting, as the page does; applied in order.
    const down = touch({ phase: 'down', kind: 'pointer', pointers: [p(100, 1000)] });
    const first = touch({ phase: 'move', pointers: [p(160, 1030)] });
    expect(await down).toMatchObject({ state: 'live', backend: 'scrcpy', events: 1, receipt: null });
    expect(locks.status(SERIAL)[0]).toMatchObject({
      state: 'held',
      holder: { operation_id: contact, owner: { client: 'console' } },
    });
    input!.clock = 1016;
    await first;
    input!.clock = 1040;
    await touch({ phase: 'move', pointers: [p(250, 1010)] });
    input!.clock = 1300;
    const up = await touch({ phase: 'up', pointers: [p(250, 1010)] });
    expect(input!.sent.map((e) => [e.action, e.pointers[0]!.x])).toEqual([
      ['down', 100],
      ['move', 160],
      ['move', 250],
      ['up', 250],
    ]);
    expect(input!.sent[0]!.intents).toBe(1); // the intent was journaled before the first event reached the backend
    expect(up.state).toBe('ended');
    const r = up.receipt!;
    expect(ReceiptSchema.safeParse(r).success).toBe(true);
    expect(r).toMatchObject({
      operation_id: contact,
      tool: 'touch_gesture',
      status: 'completed',
      code: null,
      device_serial: SERIAL,
      args: {
        coordinate_space: 'pixel',
        frames: [
          { at_ms: 0, points: [[100, 1000]] },
          { at_ms: 16, points: [[160, 1030]] },
          { at_ms: 40, points: [[250, 1010]] },
          { at_ms: 300, points: [[250, 1010]] },
        ],
      },
      dispatch: { backend: 'scrcpy', events: 4 },
      action_envelope: { action_type: 'touch_gesture', success: true },
    });
    // Times are the injection's (the backend's clock), not the page's (all its events said 1 ms).
    expect(receipts().map((x) => x.operation_id)).toEqual([contact]);
    expect(locks.status(SERIAL)[0]!.state).toBe('free');
  });

  it('a press held still is a long_press of the injected duration', async () => {
    await touch({ phase: 'down', kind: 'pointer', pointers: [p(540, 1200)] });
    await touch({ phase: 'hold' });
    input!.clock += 1500;
    const up = await touch({ phase: 'up', pointers: [p(540, 1200)] });
    expect(up.receipt).toMatchObject({
      tool: 'long_press',
      args: { target: [500, 500], duration_ms: 1500 },
      status: 'completed',
    });
    expect(input!.sent.map((e) => e.action)).toEqual(['down', 'up']);
  });

  it('a device held by someone else refuses the down: nothing sent, the receipt names the holder', async () => {
    const other = locks.acquire(SERIAL, 'cli', { operationId: 'flow-run-op' });
    expect(other.ok).toBe(true);
    const down = await touch({ phase: 'down', kind: 'pointer', pointers: [p(100, 1000)] });
    const late = await touch({ phase: 'move', pointers: [p(120, 1000)] });
    expect(down).toMatchObject({ state: 'ended', receipt: { status: 'not_started', code: 'DEVICE_BUSY' } });
    expect(down.receipt!.message).toMatch(/held by cli \(pid \d+/);
    expect(late).toMatchObject({ state: 'ended', receipt: null });
    expect(input!.sent).toEqual([]);
    if (other.ok) other.lock.release();
  });

  it("the helper's input gate refusing the down (another host's input) is not_started DEVICE_BUSY, the device free again", async () => {
    input!.gateHeldBy = 'other-host-op';
    const down = await touch({ phase: 'down', kind: 'pointer', pointers: [p(100, 1000)] });
    expect(down).toMatchObject({ state: 'ended', receipt: { status: 'not_started', code: 'DEVICE_BUSY' } });
    expect(down.receipt!.message).toMatch(/other-host-op/);
    expect(input!.sent).toEqual([]);
    // Nothing happened on the device, so it is not held as uncertain: the next operation takes it at once.
    const next = locks.acquire(SERIAL, 'cli', { operationId: 'next-op' });
    expect(next.ok).toBe(true);
    if (next.ok) next.lock.release();
  });

  it('a point off the screen is refused before anything is sent, never clamped', async () => {
    const down = await touch({ phase: 'down', kind: 'pointer', pointers: [p(1080, 10)] });
    expect(down.receipt).toMatchObject({ status: 'not_started', code: 'OFF_SCREEN' });
    expect(input!.sent).toEqual([]);
    expect(locks.status(SERIAL)[0]!.state).toBe('free');
  });

  it('the page cancelling (window blur) ends the contact with ACTION_CANCEL: unknown with its count, the device not held', async () => {
    await touch({ phase: 'down', kind: 'pointer', pointers: [p(100, 1000)] });
    await touch({ phase: 'move', pointers: [p(150, 1000)] });
    const end = await touch({ phase: 'cancel', reason: 'focus-lost' });
    expect(input!.sent.map((e) => e.action)).toEqual(['down', 'move', 'cancel']);
    expect(input!.sent[2]!.pointers).toEqual([p(150, 1000)]);
    expect(end.receipt).toMatchObject({ status: 'unknown', code: 'CANCELLED', dispatch: { events: 3 } });
    expect(end.receipt!.message).toMatch(/focus-lost.*ACTION_CANCEL after 3 input events/);
    expect(locks.status(SERIAL)[0]!.state).toBe('free');
  });

  it('a link that fails mid-contact leaves the device occupied until re-read and the receipt unknown', async () => {
    input!.failAfter = 2;
    await touch({ phase: 'down', kind: 'pointer', pointers: [p(100, 1000)] });
    await touch({ phase: 'move', pointers: [p(150, 1000)] });
    const end = await touch({ phase: 'move', pointers: [p(200, 1000)] });
    expect(end.receipt).toMatchObject({ status: 'unknown', code: 'DEVICE_LOST', dispatch: { events: 2 } });
    expect(locks.status(SERIAL)[0]!.state).toBe('uncertain');
  });

  it('Stop (device.cancel of the contact) ends a press held still at once', async () => {
    await touch({ phase: 'down', kind: 'pointer', pointers: [p(100, 1000)] });
    expect(executor.cancel(contact)).toBe(true);
    await expect.poll(() => receipts().length).toBe(1);
    expect(receipts()[0]).toMatchObject({ status: 'unknown', code: 'CANCELLED' });
    expect(input!.sent.map((e) => e.action)).toEqual(['down', 'cancel']);
    // The page learns it with its next event (a hold), which carries the receipt; later ones hear `ended`.
    expect(await touch({ phase: 'hold' })).toMatchObject({
      state: 'ended',
      receipt: { operation_id: contact, status: 'unknown' },
    });
    expect(await touch({ phase: 'move', pointers: [p(110, 1000)] })).toMatchObject({ state: 'ended', receipt: null });
  });

  it('two fingers go down as down + pointer_down and lift as pointer_up + up; the receipt is a two-finger touch_gesture', async () => {
    await touch({ phase: 'down', kind: 'pinch', pointers: [p(600, 1200, 0), p(480, 1200, 1)] });
    input!.clock += 20;
    await touch({ phase: 'move', pointers: [p(700, 1300, 0), p(380, 1100, 1)] });
    input!.clock += 20;
    const up = await touch({ phase: 'up', pointers: [p(800, 1200, 0), p(280, 1200, 1)] });
    expect(input!.sent.map((e) => [e.action, e.action_index, e.pointers.length])).toEqual([
      ['down', 0, 1],
      ['pointer_down', 1, 2],
      ['move', 0, 2],
      ['move', 0, 2],
      ['pointer_up', 1, 2],
      ['up', 0, 1],
    ]);
    expect(up.receipt).toMatchObject({
      tool: 'touch_gesture',
      status: 'completed',
      args: {
        frames: [
          {
            at_ms: 0,
            points: [
              [600, 1200],
              [480, 1200],
            ],
          },
          { at_ms: 20 },
          {
            at_ms: 40,
            points: [
              [800, 1200],
              [280, 1200],
            ],
          },
        ],
      },
    });
  });

  it('without a live backend the down answers replay: nothing sent, nothing journaled, the lock free', async () => {
    input = null;
    const down = await touch({ phase: 'down', kind: 'pointer', pointers: [p(100, 1000)] });
    expect(down).toMatchObject({ state: 'replay', receipt: null });
    expect(receipts()).toEqual([]);
    expect(locks.status(SERIAL)[0]!.state).toBe('free');
  });

  it('events out of order are refused', async () => {
    await touch({ phase: 'down', kind: 'pointer', pointers: [p(100, 1000)] });
    seq = 5;
    await expect(touch({ phase: 'move', pointers: [p(110, 1000)] })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});

describe('a live contact nobody follows', () => {
  it('is ended with ACTION_CANCEL once the page went silent', async () => {
    const { LiveContacts } = await import('./live-contacts');
    const { WriteAhead } = await import('../receipts/write-ahead');
    const writeAhead = new WriteAhead(new ReceiptJournal({ dir: join(dir, 'receipts') }));
    const contacts = new LiveContacts({
      links: { open: async () => link() },
      locks,
      silenceMs: 100,
      track: (work) => writeAhead.track(undefined, work),
      progress: () => undefined,
    });
    const owner = { pid: process.pid, hostname: 'h', client: 'console' };
    const event = LiveTouchEventSchema.parse({
      serial: SERIAL,
      contact,
      seq: 0,
      page_time_ms: 1,
      phase: 'down',
      kind: 'pointer',
      pointers: [p(100, 1000)],
    });
    await contacts.handle(event, owner);
    await expect.poll(() => receipts().length).toBe(1);
    expect(receipts()[0]).toMatchObject({ status: 'unknown', code: 'CANCELLED' });
    expect(receipts()[0]!.message).toMatch(/silent/);
    expect(input!.sent.map((e) => e.action)).toEqual(['down', 'cancel']);
    await expect.poll(() => contacts.size).toBe(0);
  });
});
