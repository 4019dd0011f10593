// The helper's input answers as receipts can state them: Android's refusal of injection (INJECT_PERMISSION_
// DENIED) is not started when nothing went out and unknown when some events did, and it withdraws inject.*
// for the rest of that helper session; an INTERNAL without a count may have injected: unknown.
import { describe, expect, it } from 'vitest';
import type { PointerStroke } from '../../shared/gesture';
import type { HelperError } from '../../shared/helper-protocol';
import type { HelperChannel } from '../helper/helper-channel';
import { injectDenialOf } from '../helper/inject-denial';
import { HelperInput } from './helper-input';

const DENIED_DETAILS = {
  permission: 'android.permission.INJECT_EVENTS',
  reason:
    'Injecting input events requires the caller (or the source of the instrumentation, if any) to have the INJECT_EVENTS permission.',
  setting: 'USB debugging (Security settings)',
  dispatched: 0,
};

function channel(errors: HelperError[]) {
  let requests = 0;
  const c = {
    info: { helper_version: 'x', sdk: 34, capabilities: ['observe', 'inject.single_pointer', 'inject.multi_pointer'] },
    alive: true,
    request: async () => {
      requests++;
      const error = errors.shift();
      return error
        ? { ok: false, error }
        : { ok: true, result: { dispatched: 2, down_time_ms: 100, event_times_ms: [100, 180] } };
    },
    onClose: () => undefined,
    close: () => undefined,
  } as unknown as HelperChannel;
  return { channel: c, requests: () => requests };
}

const tap: PointerStroke[] = [
  {
    pointer_id: 0,
    keyframes: [
      { t_ms: 0, x: 10, y: 10 },
      { t_ms: 80, x: 10, y: 10 },
    ],
  },
] as unknown as PointerStroke[];

describe("HelperInput and Android's refusal to inject", () => {
  it('nothing injected → not started, inject.* withdrawn for the session, the next input refused before sending', async () => {
    const c = channel([
      { code: 'INJECT_PERMISSION_DENIED', message: 'Android refused to inject input', details: DENIED_DETAILS },
    ]);
    const first = new HelperInput(c.channel);
    expect(first.capabilities).toEqual(['inject.single_pointer', 'inject.multi_pointer', 'inject.hold']);
    const out = await first.dispatch(tap, 'op-1');
    expect(out).toMatchObject({ ok: false, uncertain: false, code: 'INJECT_PERMISSION_DENIED' });
    expect(out.ok === false && out.message).toMatch(
      /INJECT_EVENTS.*Enable "USB debugging \(Security settings\)".*Xiaomi MIUI\/HyperOS/,
    );
    expect(injectDenialOf(c.channel)).toMatchObject({ dispatched: 0, setting: 'USB debugging (Security settings)' });
    const next = new HelperInput(c.channel); // the next operation's backend, same helper session
    expect(next.capabilities).toEqual([]);
    expect(await next.dispatch(tap, 'op-2')).toMatchObject({
      ok: false,
      uncertain: false,
      code: 'CAPABILITY_UNAVAILABLE',
    });
    expect(c.requests()).toBe(1);
  });

  it('events injected before the refusal → unknown with that count (never replayed)', async () => {
    const c = channel([
      { code: 'INJECT_PERMISSION_DENIED', message: 'refused', details: { ...DENIED_DETAILS, dispatched: 1 } },
    ]);
    expect(await new HelperInput(c.channel).dispatch(tap, 'op')).toMatchObject({
      ok: false,
      uncertain: true,
      code: 'INJECT_PERMISSION_DENIED',
      dispatched: 1,
    });
  });

  it("the helper's later CAPABILITY_UNAVAILABLE (reason inject_permission_denied) withdraws inject.* too", async () => {
    const c = channel([
      { code: 'CAPABILITY_UNAVAILABLE', message: 'refused earlier', details: { reason: 'inject_permission_denied' } },
    ]);
    expect(await new HelperInput(c.channel).dispatch(tap, 'op')).toMatchObject({
      ok: false,
      uncertain: false,
      code: 'CAPABILITY_UNAVAILABLE',
    });
    expect(new HelperInput(c.channel).capabilities).toEqual([]);
  });

  it('INTERNAL without a dispatched count (a worker that died mid-gesture) is unknown; with 0 it is not started', async () => {
    expect(
      await new HelperInput(channel([{ code: 'INTERNAL', message: 'OutOfMemoryError' }]).channel).dispatch(tap, 'op'),
    ).toMatchObject({ ok: false, uncertain: true, code: 'INTERNAL', dispatched: null });
    expect(
      await new HelperInput(
        channel([{ code: 'INTERNAL', message: 'dropped', details: { dispatched: 0 } }]).channel,
      ).dispatch(tap, 'op'),
    ).toMatchObject({ ok: false, uncertain: false, code: 'INTERNAL' });
  });
});

describe('HelperInput capabilities', () => {
  it('a helper that injects one finger (API 25) can also hold it where it arrived; without injection it holds nothing', () => {
    const old = {
      ...channel([]).channel,
      info: { helper_version: 'x', sdk: 25, capabilities: ['observe', 'inject.single_pointer'] },
    } as unknown as HelperChannel;
    expect(new HelperInput(old).capabilities).toEqual(['inject.single_pointer', 'inject.hold']);
    const none = {
      ...channel([]).channel,
      info: { helper_version: 'x', sdk: 34, capabilities: ['observe'] },
    } as unknown as HelperChannel;
    expect(new HelperInput(none).capabilities).toEqual([]);
  });
});
