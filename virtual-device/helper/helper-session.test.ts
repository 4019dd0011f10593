// The virtual helper's session passes the shared conformance vectors: each `evaluate` vector's request goes
// through the real session (framing, hello, cancel handling, timed inject, scroll settling) over the vector's
// device state, and the answer must equal the vector's (successful injects: the same event count and shape,
// since their times are real device-clock times).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  comparable, encodeFrame, FrameDecoder, referenceEffects, VectorSchema, type ConformanceVector, type DeviceState,
} from '../../shared/helper-protocol';
import type { DeviceStream } from '../device-services';
import type { HelperDevice } from './helper-device';
import { serveHelperSession } from './helper-session';

const dir = join(import.meta.dirname, '../../shared/helper-protocol/vectors');
const vectors = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => VectorSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))))
  .filter((v): v is Extract<ConformanceVector, { kind: 'evaluate' }> => v.kind === 'evaluate');

function vectorDevice(initial: DeviceState): HelperDevice & { injected: number } {
  let current = initial;
  const t0 = performance.now();
  const clock = () => initial.uptime_ms + (performance.now() - t0);
  const device = {
    injected: 0,
    sdk: initial.sdk,
    clock,
    input: { injectMotion: () => ({ ok: true as const, seq: ++device.injected, received_ms: clock() }) },
    state: (cancelled: readonly string[]) => ({ ...current, uptime_ms: Math.round(clock()), cancelled_operation_ids: [...initial.cancelled_operation_ids, ...cancelled] }),
    effects: () => ({
      effects: { perform: (s: DeviceState, i: number, r: Parameters<typeof referenceEffects.perform>[2]) => (current = referenceEffects.perform(s, i, r)) },
      performed: () => true,
    }),
  };
  return device;
}

function fakeStream() {
  const frames: Array<Record<string, unknown>> = [];
  const decoder = new FrameDecoder();
  let onData: (c: Uint8Array) => void | Promise<void> = () => undefined;
  const stream: DeviceStream = {
    onData: (h) => void (onData = h),
    onClose: () => undefined,
    write: async (c) => void frames.push(...decoder.push(c)),
    close: () => undefined,
    closed: false,
  };
  return { stream, frames, send: (m: Record<string, unknown>) => onData(encodeFrame(m)) };
}

async function answer(frames: unknown[], n: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (frames.length < n) {
    if (Date.now() > deadline) throw new Error('no answer');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('virtual helper session × conformance vectors', () => {
  it('has evaluate vectors to run', () => expect(vectors.length).toBeGreaterThan(40));

  for (const v of vectors) {
    it(v.name, async () => {
      const device = vectorDevice(v.device_state);
      const s = fakeStream();
      serveHelperSession(s.stream, device);
      await answer(s.frames, 1);
      expect(s.frames[0]).toMatchObject({ type: 'hello', protocol: 3, sdk: v.device_state.sdk });
      await s.send(v.request as Record<string, unknown>);
      await answer(s.frames, 2);
      const got = s.frames[1]!;
      const expected = v.expected_response as Record<string, unknown>;
      const request = v.request as { op?: string };
      if (request.op === 'inject' && expected.ok === true) {
        const planned = expected.result as { dispatched: number; event_times_ms: number[] };
        expect(got).toMatchObject({ ok: true, result: { dispatched: planned.dispatched } });
        const result = got.result as { down_time_ms: number; event_times_ms: number[] };
        expect(result.event_times_ms).toHaveLength(planned.event_times_ms.length);
        // PROTOCOL.md §4: each event's own timestamp, down_time + t_ms (not when injection returned).
        const events = (v.request as { events: Array<{ t_ms: number }> }).events;
        expect(result.event_times_ms).toEqual(events.map((e) => result.down_time_ms + e.t_ms));
        expect(device.injected).toBe(planned.dispatched);
      } else if (request.op === 'touch' && expected.ok === true) {
        // Injected now: the device clock's time, the contact's down time when one was down already.
        const result = (got as { ok: boolean; result: { down_time_ms: number; event_time_ms: number } }).result;
        expect(got).toMatchObject({ ok: true });
        expect(result.event_time_ms).toBeGreaterThanOrEqual(v.device_state.uptime_ms);
        expect(result.down_time_ms).toBe(v.device_state.live_contact?.down_time_ms ?? result.event_time_ms);
        expect(device.injected).toBe(1);
      } else {
        expect(comparable(got)).toEqual(comparable(expected));
      }
    });
  }
});
