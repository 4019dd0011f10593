// The page's side of a live contact against a fake transport: the down leaves at once with the event's epoch
// time, moves are coalesced to one per MOVE_EVERY_MS (the newest position goes out), nothing waits for an
// answer, the contact's receipt becomes the last manual call, a refusal is said on the stage, and a device
// without a live backend gets the gesture replayed through the executor on release.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { devicePoint } from '../../../shared/geometry';
import type { TactileApi } from '../../../shared/ipc';
import type { Receipt } from '../../../shared/receipts/receipt';
import { setApi } from '../../app/api';
import { useStore } from '../../app/store';
import { MOVE_EVERY_MS, startLiveContact } from './live-contact';

interface Sent {
  channel: string;
  request: Record<string, unknown>;
  answer(reply: unknown): void;
}

function fakeApi(): { sent: Sent[] } {
  const sent: Sent[] = [];
  const api = {
    request: (channel: string, request: Record<string, unknown>) =>
      new Promise((resolve) => sent.push({ channel, request, answer: resolve })),
    on: () => () => undefined,
  } as unknown as TactileApi;
  setApi(api);
  return { sent };
}

const receipt = (over: Partial<Receipt>): Receipt => ({
  receipt_version: 1,
  operation_id: 'x',
  tool: 'touch_gesture',
  device_serial: 'emulator-5554',
  owner: { pid: 1, hostname: 'h', client: 'console' },
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:00:01.000Z',
  duration_ms: 1000,
  args: { frames: [] },
  status: 'completed',
  code: null,
  message: null,
  path: null,
  dispatch: { backend: 'scrcpy', events: 3, down_time_ms: null, event_times_ms: null },
  ...over,
});
const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  useStore.setState({
    selectedSerial: 'emulator-5554',
    deviceInfo: { screen: { width: 1080, height: 2400 } } as never,
    groupControl: false,
    group: [],
    receipts: [],
    lastManualCall: null,
    stageNotice: null,
    recording: false,
  });
});
afterEach(() => vi.useRealTimers());

describe('a live contact in the page', () => {
  it("sends the down at once and coalesces moves, never waiting for an answer; the up's receipt is the last manual call", async () => {
    const { sent } = fakeApi();
    const c = startLiveContact('pointer', [devicePoint(100, 1000)], 12.5);
    expect(sent.map((s) => s.request.phase)).toEqual(['down']);
    expect(sent[0]!.request).toMatchObject({
      serial: 'emulator-5554',
      seq: 0,
      kind: 'pointer',
      pointers: [{ id: 0, x: 100, y: 1000 }],
      page_time_ms: performance.timeOrigin + 12.5,
    });
    c.move([devicePoint(110, 1000)], 20);
    c.move([devicePoint(120, 1000)], 21); // within MOVE_EVERY_MS of the last: held back …
    c.move([devicePoint(130, 1000)], 22); // … and replaced by the newest
    expect(sent.map((s) => s.request.phase)).toEqual(['down', 'move']);
    vi.advanceTimersByTime(MOVE_EVERY_MS);
    expect(
      sent.map((s) => [s.request.phase, (s.request.pointers as Array<{ x: number }> | undefined)?.[0]?.x]),
    ).toEqual([
      ['down', 100],
      ['move', 110],
      ['move', 130],
    ]);
    expect(sent.map((s) => s.request.seq)).toEqual([0, 1, 2]);
    c.up([devicePoint(130, 1000)], 40, () => null);
    sent[0]!.answer({ contact: sent[0]!.request.contact, state: 'live', backend: 'scrcpy', events: 1, receipt: null });
    const r = receipt({
      operation_id: String(sent[0]!.request.contact),
      args: { frames: [{ at_ms: 0, points: [[100, 1000]] }], coordinate_space: 'pixel' },
    });
    sent[3]!.answer({ contact: r.operation_id, state: 'ended', backend: 'scrcpy', events: 4, receipt: r });
    await flush();
    expect(useStore.getState().receipts[0]!.operation_id).toBe(r.operation_id);
    expect(useStore.getState().lastManualCall).toEqual({ tool: 'touch_gesture', args: r.args });
    expect(useStore.getState().controlMessage?.text).toMatch(/touch_gesture: completed — 3 events via scrcpy/);
  });

  it('a held press says it is still there every second; a refused down is said on the stage and nothing more is sent', async () => {
    const { sent } = fakeApi();
    const c = startLiveContact('pointer', [devicePoint(100, 1000)], 0);
    vi.advanceTimersByTime(2100);
    expect(sent.map((s) => s.request.phase)).toEqual(['down', 'hold', 'hold']);
    const refused = receipt({
      operation_id: String(sent[0]!.request.contact),
      status: 'not_started',
      code: 'DEVICE_BUSY',
      message: 'device emulator-5554 is held by cli (pid 42 on h)',
      dispatch: undefined,
    });
    sent[0]!.answer({ contact: refused.operation_id, state: 'ended', backend: null, events: 0, receipt: refused });
    await flush();
    expect(useStore.getState().stageNotice?.text).toMatch(/DEVICE_BUSY: device emulator-5554 is held by cli \(pid 42/);
    expect(useStore.getState().lastManualCall).toBeNull();
    c.move([devicePoint(120, 1000)], 3000);
    c.up([devicePoint(120, 1000)], 3100, () => null);
    vi.advanceTimersByTime(3000);
    expect(sent).toHaveLength(3);
  });

  it('without a live backend on the device the release replays the gesture through the executor', async () => {
    const { sent } = fakeApi();
    const c = startLiveContact('pointer', [devicePoint(100, 1000)], 0);
    sent[0]!.answer({ contact: sent[0]!.request.contact, state: 'replay', backend: null, events: 0, receipt: null });
    await flush();
    c.move([devicePoint(300, 1000)], 100);
    c.up([devicePoint(300, 1000)], 200, () => ({
      tool: 'drag',
      args: {
        start: [100, 1000],
        end: [300, 1000],
        coordinate_space: 'pixel',
        target_description: 'manual drag in the console',
        duration_ms: 200,
      },
    }));
    await flush();
    expect(sent.map((s) => s.channel)).toEqual(['device.touch', 'device.execute']);
    expect(sent[1]!.request).toMatchObject({ serial: 'emulator-5554', envelope: { tool: 'drag' } });
  });
});
