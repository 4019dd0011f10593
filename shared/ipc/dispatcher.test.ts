// The request gate: wrong shapes are refused with INVALID_ARGUMENT and never reach a handler (fuzzed).
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_CHANNELS, type RequestChannel } from './channels';
import { createDispatcher, type Handlers } from './dispatcher';

function spyHandlers() {
  const calls: Array<{ channel: RequestChannel; request: unknown }> = [];
  const handlers = Object.fromEntries(
    REQUEST_CHANNELS.map((channel) => [
      channel,
      vi.fn(async (request: unknown) => {
        calls.push({ channel, request });
        return { echoed: request };
      }),
    ]),
  ) as unknown as Handlers;
  return { handlers, calls };
}

describe('createDispatcher', () => {
  it('passes a well-formed request to its handler, parsed', async () => {
    const { handlers, calls } = spyHandlers();
    const dispatch = createDispatcher(handlers);
    const reply = await dispatch('device.observe', { serial: '127.0.0.1:5555' });
    expect(reply).toEqual({ ok: true, result: { echoed: { serial: '127.0.0.1:5555' } } });
    expect(calls).toEqual([{ channel: 'device.observe', request: { serial: '127.0.0.1:5555' } }]);
  });

  it('refuses payloads nested or sized past the request limits (structured clone has no text to bound)', async () => {
    const { handlers, calls } = spyHandlers();
    const dispatch = createDispatcher(handlers);
    let deep: unknown = 0;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const cyclic: Record<string, unknown> = { tool: 'click' };
    cyclic.args = cyclic;
    for (const envelope of [deep, cyclic, { tool: 'input_text', args: { text: 'x'.repeat(2 * 1024 * 1024) } }]) {
      expect(await dispatch('device.execute', { serial: 's', envelope })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT', path: '' },
      });
    }
    expect(calls).toEqual([]);
  });

  it('device.cancel takes an operation id (a UUID) and device.execute may name one', async () => {
    const { handlers, calls } = spyHandlers();
    const dispatch = createDispatcher(handlers);
    const id = '0b6f1c1e-5d1a-4c55-9d7e-2a8b8f0e4c11';
    expect((await dispatch('device.cancel', { operation_id: id })).ok).toBe(true);
    expect(await dispatch('device.cancel', { operation_id: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', path: '/operation_id' },
    });
    expect((await dispatch('device.execute', { serial: 's', envelope: {}, operation_id: id })).ok).toBe(true);
    expect(calls.map((c) => c.channel)).toEqual(['device.cancel', 'device.execute']);
  });

  it('refuses a wrong shape with INVALID_ARGUMENT and a JSON Pointer, without dispatching', async () => {
    const { handlers, calls } = spyHandlers();
    const dispatch = createDispatcher(handlers);
    const reply = await dispatch('device.observe', { serial: 42 });
    expect(reply.ok).toBe(false);
    if (!reply.ok) {
      expect(reply.error.code).toBe('INVALID_ARGUMENT');
      expect(reply.error.path).toBe('/serial');
    }
    const extra = await dispatch('devices.connect', { target: '10.0.0.2:5555', evil: true });
    expect(extra.ok).toBe(false);
    expect(extra.ok ? null : extra.error.path).toBe('/evil'); // the unknown key itself, as tool validation reports it
    const badTarget = await dispatch('devices.connect', { target: 'not a host' });
    expect(badTarget.ok ? null : badTarget.error.path).toBe('/target');
    expect(calls).toEqual([]);
  });

  it('refuses unknown channels, including prototype names', async () => {
    const { handlers, calls } = spyHandlers();
    const dispatch = createDispatcher(handlers);
    for (const channel of ['constructor', '__proto__', 'toString', 'devices', '', 7, null]) {
      const reply = await dispatch(channel, {});
      expect(reply.ok ? null : reply.error.code).toBe('INVALID_ARGUMENT');
    }
    expect(calls).toEqual([]);
  });

  it('maps a thrown typed error to its code, anything else to INTERNAL', async () => {
    const { handlers } = spyHandlers();
    handlers['device.info'] = async () => {
      throw Object.assign(new Error('gone'), { code: 'DEVICE_LOST' });
    };
    handlers['lock.status'] = async () => {
      throw new TypeError('boom');
    };
    const dispatch = createDispatcher(handlers);
    expect(await dispatch('device.info', { serial: 's' })).toEqual({
      ok: false,
      error: { code: 'DEVICE_LOST', path: '', message: 'gone' },
    });
    expect(await dispatch('lock.status', { serial: 's' })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: 'boom' },
    });
  });

  it('refuses a serial that cannot name a device with INVALID_SERIAL at /serial, before any handler', async () => {
    const { handlers, calls } = spyHandlers();
    const dispatch = createDispatcher(handlers);
    for (const serial of ['\u0000', '127.0.0.1:6621\n', '', 'x'.repeat(256)]) {
      for (const [channel, payload] of [
        ['device.execute', { serial, envelope: {} }],
        ['device.capabilities', { serial }],
        ['mirror.start', { serial, max_size: 0 }],
      ] as const) {
        const reply = await dispatch(channel, payload);
        expect(reply, `${channel} ${JSON.stringify(serial)}`).toMatchObject({
          ok: false,
          error: { code: 'INVALID_SERIAL', path: '/serial' },
        });
      }
    }
    expect(calls).toEqual([]);
  });

  it('fuzz: thousands of random payloads never crash and never dispatch a malformed request', async () => {
    const { handlers, calls } = spyHandlers();
    const dispatch = createDispatcher(handlers);
    // Payloads are random JSON-like values; a few happen to be valid (e.g. {} for devices.list), which must
    // then be dispatched exactly as parsed. Everything else must come back INVALID_ARGUMENT.
    const channel = fc.oneof(fc.constantFrom(...REQUEST_CHANNELS), fc.string(), fc.anything());
    const payload = fc.oneof(
      fc.anything({
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withNullPrototype: true,
      }),
      fc.record({ serial: fc.anything() }),
      fc.record({ serial: fc.string(), envelope: fc.anything() }, { requiredKeys: ['serial'] }),
      fc.record({ limit: fc.oneof(fc.integer(), fc.double(), fc.string()) }),
      fc.record({ target: fc.string() }),
    );
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(channel, payload, async (c, p) => {
        calls.length = 0;
        const reply = await dispatch(c, p);
        if (reply.ok) {
          expect(calls).toHaveLength(1);
        } else {
          refused += 1;
          // A serial that is a string but cannot name a device has its own code, pointing at it.
          if (reply.error.code === 'INVALID_SERIAL') expect(reply.error.path).toBe('/serial');
          else expect(reply.error.code).toBe('INVALID_ARGUMENT');
          expect(typeof reply.error.message).toBe('string');
          expect(calls).toEqual([]);
        }
      }),
      { numRuns: 5000 },
    );
    expect(refused).toBeGreaterThan(4000);
  });
});
