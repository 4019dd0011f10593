// The virtual helper's sessions pass the shared conformance vectors: each `evaluate` vector's request goes
// through the real session (framing, hello, cancel handling, timed inject, scroll settling) over the vector's
// device state, and the answer must equal the vector's (successful injects: the same event count and shape,
// since their times are real device-clock times). Each `sessions` vector runs its steps against one hub
// serving several host streams, as app_process serves the hosts that connect to it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  comparable,
  encodeFrame,
  FrameDecoder,
  referenceEffects,
  VectorSchema,
  type ConformanceVector,
  type DeviceState,
} from '../../shared/helper-protocol';
import type { DeviceStream } from '../device-services';
import type { HelperDevice } from './helper-device';
import { HelperHub } from './helper-hub';
import { serveHelperSession } from './helper-session';

const dir = join(import.meta.dirname, '../../shared/helper-protocol/vectors');
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => VectorSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
const vectors = all.filter((v): v is Extract<ConformanceVector, { kind: 'evaluate' }> => v.kind === 'evaluate');
const sessionVectors = all.filter((v): v is Extract<ConformanceVector, { kind: 'sessions' }> => v.kind === 'sessions');

function vectorDevice(initial: DeviceState): HelperDevice & { injected: number; lost: boolean } {
  let current = initial;
  const t0 = performance.now();
  const clock = () => initial.uptime_ms + (performance.now() - t0);
  const device = {
    injected: 0,
    lost: false,
    faults: () => ({ injectDenied: false, uiAutomationLost: device.lost }),
    sdk: initial.sdk,
    clock,
    input: { injectMotion: () => ({ ok: true as const, seq: ++device.injected, received_ms: clock() }) },
    state: (cancelled: readonly string[]) => ({
      ...current,
      uptime_ms: Math.round(clock()),
      cancelled_operation_ids: [...initial.cancelled_operation_ids, ...cancelled],
    }),
    effects: () => ({
      effects: {
        perform: (s: DeviceState, i: number, r: Parameters<typeof referenceEffects.perform>[2]) =>
          (current = referenceEffects.perform(s, i, r)),
      },
      performed: () => true,
    }),
  };
  return device;
}

function fakeStream() {
  const frames: Array<Record<string, unknown>> = [];
  const decoder = new FrameDecoder();
  const closeHandlers: Array<() => void> = [];
  let onData: (c: Uint8Array) => void | Promise<void> = () => undefined;
  const stream: DeviceStream & { closed: boolean } = {
    onData: (h) => void (onData = h),
    onClose: (h) => void closeHandlers.push(h),
    write: async (c) => void frames.push(...decoder.push(c)),
    close: () => {
      if (stream.closed) return;
      stream.closed = true;
      for (const h of closeHandlers) h();
    },
    closed: false,
  };
  return { stream, frames, send: (m: Record<string, unknown>) => onData(encodeFrame(m)) };
}

/** Polls until `found` gives something (generous deadline: CI machines run loaded). */
async function until<T>(found: () => T | undefined | false, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = found();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const answer = (frames: unknown[], n: number) => until(() => frames.length >= n, `answer ${n}`);

/** A session vector's answer: an inject or a touch that succeeded by its count and times, anything else exactly (message aside). */
function expectAnswer(
  got: Record<string, unknown>,
  expected: Record<string, unknown>,
  request: Record<string, unknown> | undefined,
): void {
  if (request?.op === 'inject' && expected.ok === true) {
    const planned = expected.result as { dispatched: number };
    expect(got).toMatchObject({
      id: expected.id,
      operation_id: expected.operation_id,
      ok: true,
      result: { dispatched: planned.dispatched },
    });
    const result = got.result as { down_time_ms: number; event_times_ms: number[] };
    expect(result.event_times_ms).toEqual(
      (request.events as Array<{ t_ms: number }>).map((e) => result.down_time_ms + e.t_ms),
    );
  } else if (request?.op === 'touch' && expected.ok === true) {
    // Injected now: its times are the device clock's, the contact's down time at or before the event's.
    expect(got).toMatchObject({ id: expected.id, operation_id: expected.operation_id, ok: true });
    const result = got.result as { down_time_ms: number; event_time_ms: number };
    expect(result.event_time_ms).toBeGreaterThanOrEqual(result.down_time_ms);
  } else {
    expect(comparable(got)).toEqual(comparable(expected));
  }
}

describe('virtual helper session × conformance vectors', () => {
  it('has evaluate vectors to run', () => expect(vectors.length).toBeGreaterThan(40));

  for (const v of vectors) {
    it(v.name, async () => {
      const device = vectorDevice(v.device_state);
      const s = fakeStream();
      serveHelperSession(s.stream, new HelperHub(device));
      await answer(s.frames, 1);
      expect(s.frames[0]).toMatchObject({ type: 'hello', protocol: 4, sdk: v.device_state.sdk, sessions: 0 });
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

describe('virtual helper hub × session vectors', () => {
  it('has session vectors to run', () => expect(sessionVectors.length).toBeGreaterThanOrEqual(4));

  for (const v of sessionVectors) {
    it(v.name, async () => {
      const device = vectorDevice(v.device_state);
      let exitCode: number | null = null;
      const hub = new HelperHub(device, { fatal: (code) => void (exitCode = code) });
      const hosts = new Map<string, ReturnType<typeof fakeStream>>();
      const sent = new Map<string, Record<string, unknown>>();
      const host = (name: string) =>
        hosts.get(name) ??
        (() => {
          throw new Error(`session ${name} was never opened`);
        })();
      const answerTo = (name: string, id: string) =>
        until(() => host(name).frames.find((f) => f.id === id), `${name}'s answer to ${id}`);
      for (const step of v.steps) {
        if ('open' in step) {
          const s = fakeStream();
          hosts.set(step.open, s);
          serveHelperSession(s.stream, hub);
          await answer(s.frames, 1);
          expect(s.frames[0]).toMatchObject({ type: 'hello', ...step.expect_hello });
        } else if ('send' in step) {
          const before = device.injected;
          sent.set(`${step.send}/${String(step.request.id)}`, step.request);
          await host(step.send).send(step.request);
          if (step.until === 'injecting') await until(() => device.injected > before, 'the first motion event');
          if (step.expect) expectAnswer(await answerTo(step.send, String(step.request.id)), step.expect, step.request);
        } else if ('await' in step) {
          expectAnswer(await answerTo(step.await, step.id), step.expect, sent.get(`${step.await}/${step.id}`));
        } else if ('fault' in step) {
          device.lost = true;
        } else {
          for (const name of step.expect_exit.sessions) {
            const notice = await until(() => host(name).frames.find((f) => f.type === 'exit'), `${name}'s exit notice`);
            expect(notice).toMatchObject({ type: 'exit', code: step.expect_exit.code, message: expect.any(String) });
            await until(() => host(name).stream.closed, `${name}'s connection closing`);
          }
          await until(() => exitCode !== null, 'the process exit');
          expect(exitCode).toBe(step.expect_exit.code);
        }
      }
    });
  }
});
