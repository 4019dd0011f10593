// Issue 10, Deliver 6 (fuzz half): 10,000 random contract payloads at the loopback bridge — generated from the
// IPC request schemas and the tool schemas, valid and mutated, plus raw garbage frames — against the console's
// own handlers and executor over fake devices. Every request is answered, none with INTERNAL, every receipt
// parses, and a request that was refused (an error reply, or a not_started receipt) sent no input at all.
// Each device.execute gets its own fake device, so input is attributed exactly even with requests in parallel;
// calls still running after a moment are stopped with device.cancel (which the fuzz exercises too).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { TOOL_NAMES, toolJsonSchema } from '../../shared/actions';
import { createDispatcher, decodeWire, encodeWire, REQUEST_CHANNELS, REQUESTS } from '../../shared/ipc';
import { ReceiptSchema, type Receipt } from '../../shared/receipts';
import { startBridge, type Bridge } from '../../electron/bridge/bridge-server';
import { DeviceLocks } from '../../electron/device/lock';
import { createExecutor } from '../../electron/executor';
import { FakeChannel, FakeInput, fakeLink } from '../support/fake-device';
import { createHandlers } from '../../electron/services/handlers';
import type { DeviceDirectory } from '../../electron/services/device-directory';
import { EventHub } from '../../electron/services/event-hub';
import type { MirrorService } from '../../electron/services/mirror-service';
import { SeedArbitraries, type Schema } from '../conformance/seed-arbitraries';

const REQUESTS_TOTAL = 10_000;
const RAW_FRAMES = 500;
const PARALLEL = 64;
/** A call still running after this is cancelled (long waits and timeouts are valid inputs). */
const CANCEL_AFTER_MS = 100;

/** One fake device per serial: what input reached it (contacts, native writes, shell commands). */
class FakeFleet {
  private readonly devices = new Map<
    string,
    { input: FakeInput; channel: FakeChannel; link: ReturnType<typeof fakeLink> }
  >();

  open(serial: string) {
    let d = this.devices.get(serial);
    if (!d) {
      const input = new FakeInput();
      const channel = new FakeChannel();
      d = { input, channel, link: fakeLink(channel, input) };
      this.devices.set(serial, d);
    }
    return d.link;
  }

  inputs(serial: string): number {
    const d = this.devices.get(serial);
    if (!d) return 0;
    const writes = d.channel.requests.filter(
      (r) => r.op === 'control_action' || r.op === 'scroll' || r.op === 'inject',
    ).length;
    // Shell commands that act (input, monkey, am …); `pm list packages`, `cmd package query-activities` (launcher
    // labels for manage_app) and the like only read.
    const reads = /^(cmd package|pm) query-activities\b/;
    const acting = d.link.shellLog.filter((c) => /^(input|monkey|am|cmd|svc)\b/.test(c) && !reads.test(c)).length;
    return d.input.contacts.length + writes + acting;
  }
}

const coded = (code: string, message: string) => Object.assign(new Error(message), { code });
const directory = {
  rows: async () => [],
  serverFor: () => {
    throw coded('DEVICE_NOT_FOUND', 'no adb server in the fuzz');
  },
  session: () => {
    throw coded('DEVICE_NOT_FOUND', 'no device session in the fuzz');
  },
  // Every fake device is its own identity (the executor's fake links resolve nothing either).
  resolve: async (serial: string) => ({ serial, identity: serial }),
  info: async () => {
    throw coded('DEVICE_NOT_FOUND', 'no device in the fuzz');
  },
} as unknown as DeviceDirectory;
const mirror = {
  start: async () => {
    throw coded('CAPABILITY_UNAVAILABLE', 'no mirror in the fuzz');
  },
  stop: () => false,
  keyframe: () => false,
  // No mirror session ever exists here: recordings and typing find none (NOT_FOUND), as with a stopped mirror.
  serialOf: () => null,
  stream: () => null,
  // Remembered for the device's next mirror session; none runs here.
  screenOff: async () => false,
} as unknown as MirrorService;

// --- arbitraries -------------------------------------------------------------------------------------------

const asSchema = (s: unknown) => s as Schema & { $defs?: Record<string, Schema> };
const fromSchema = (schema: Schema & { $defs?: Record<string, Schema> }) => {
  const arb = new SeedArbitraries(schema.$defs ?? {});
  return fc.oneof(
    { weight: 2, arbitrary: arb.seedValid(schema, true) },
    { weight: 2, arbitrary: arb.seedMutant(schema) },
    { weight: 1, arbitrary: fc.anything() },
  );
};

const toolArgs = Object.fromEntries(TOOL_NAMES.map((tool) => [tool, fromSchema(asSchema(toolJsonSchema(tool)))]));
const envelope = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(...TOOL_NAMES).chain((tool) => toolArgs[tool]!.map((args) => ({ tool, args }))),
  },
  { weight: 1, arbitrary: fc.record({ tool: fc.string(), args: fc.anything() }) },
  { weight: 1, arbitrary: fc.anything() },
);

/**
 * serial: the device a call may run on (for cancelling it), '' while planning for "its own fake device";
 * own: that device is this request's alone, so its input is attributed exactly.
 */
type Planned = { channel: string; payload: unknown; serial: string | null; own?: boolean; operationId: string | null };

const execute = fc
  .record({
    serialOk: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
    badSerial: fc.oneof(fc.string({ maxLength: 300 }), fc.anything()),
    envelope,
    op: fc.oneof(
      { weight: 4, arbitrary: fc.uuid({ version: 4 }).map((u) => ({ id: u as string | null, value: u as unknown })) },
      { weight: 1, arbitrary: fc.anything().map((v) => ({ id: null, value: v })) },
    ),
    withOp: fc.boolean(),
  })
  .map(({ serialOk, badSerial, envelope: env, op, withOp }): Planned => {
    const payload: Record<string, unknown> = { serial: serialOk ? '' : badSerial, envelope: env };
    if (withOp) payload.operation_id = op.value;
    return {
      channel: 'device.execute',
      payload,
      serial: serialOk ? '' : typeof badSerial === 'string' ? badSerial : null,
      operationId: withOp ? op.id : null,
    };
  });
const otherArbs = REQUEST_CHANNELS.filter((c) => c !== 'device.execute').map((channel) => {
  const schema = asSchema(
    z.toJSONSchema(REQUESTS[channel].request, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }),
  );
  return fromSchema(schema).map((payload): Planned => ({ channel, payload, serial: null, operationId: null }));
});
const unknownChannel = fc
  .record({ channel: fc.string({ maxLength: 120 }), payload: fc.anything() })
  .map((r): Planned => ({ ...r, serial: null, operationId: null }));
const requestArb = fc.oneof(
  { weight: 6, arbitrary: execute },
  { weight: 3, arbitrary: fc.oneof(...otherArbs) },
  { weight: 1, arbitrary: unknownChannel },
);

/** The plans, each execute on its own fake device `fuzz-<index>`. */
function plan(total: number): Planned[] {
  return fc.sample(requestArb, { numRuns: total, seed: 10 }).map((p, i) => {
    if (p.serial !== '') return p;
    const serial = `fuzz-${i}`;
    return { ...p, serial, own: true, payload: { ...(p.payload as object), serial } };
  });
}

const rawFrame = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc
    .nat({ max: 20_000 })
    .map((n) => `{"type":"request","id":1,"channel":"device.execute","payload":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.anything().map((v) => {
    try {
      return JSON.stringify(v) ?? 'null';
    } catch {
      return 'null';
    }
  }),
);

// --- the client ----------------------------------------------------------------------------------------------

type Reply = { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };

class Client {
  private nextId = 1;
  private readonly waiting = new Map<number, (r: Reply) => void>();
  readonly orphanReplies: Reply[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, binary: boolean) => {
      const m = decodeWire(binary ? new Uint8Array(data) : data.toString()) as {
        type: string;
        id?: number;
        reply?: Reply;
      };
      if (m.type !== 'reply') return;
      const resolve = this.waiting.get(m.id!);
      if (resolve) {
        this.waiting.delete(m.id!);
        resolve(m.reply!);
      } else this.orphanReplies.push(m.reply!);
    });
  }

  request(channel: string, payload: unknown): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(encodeWire({ type: 'request', id, channel, payload }));
    });
  }
}

describe('bridge fuzz', () => {
  let dir: string;
  let bridge: Bridge;
  let client: Client;
  const fleet = new FakeFleet();
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    dir = mkdtempSync(join(tmpdir(), 'tactile-bridge-fuzz-'));
    const locks = new DeviceLocks({ dir: join(dir, 'locks') });
    const core = createExecutor({
      links: { open: async (serial) => fleet.open(serial) },
      locks,
      journal: { append: () => undefined },
    });
    const executor = {
      run: core.run,
      cancel: core.cancel,
      occlusion: core.occlusion,
      capabilities: async (serial: string) => ({ ...(await core.capabilities(serial)) }),
    };
    const events = new EventHub();
    const dispatch = createDispatcher(
      createHandlers({ directory, executor, locks, events, journalDir: join(dir, 'receipts'), mirror }),
    );
    bridge = await startBridge({ dispatch, events });
    const socket = new WebSocket(bridge.socketUrl);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    client = new Client(socket);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    client?.socket.close();
    await bridge?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers ${REQUESTS_TOTAL} random requests without a crash; refused ones send no input`, async () => {
    const t0 = performance.now();
    const plans = plan(REQUESTS_TOTAL);
    const figures = { refused: 0, executed: 0, cancelled: 0, inputFromRefused: 0, internal: [] as string[] };

    const runOne = async (p: Planned) => {
      const pending = client.request(p.channel, p.payload);
      // Still running after a moment: cancel it by its own id, or by the lock holder's (lock.status).
      const cancel = async () => {
        let id = p.operationId;
        if (id === null && p.serial !== null) {
          const lock = await client.request('lock.status', { serial: p.serial });
          id = lock.ok
            ? ((lock.result as { holder: { operation_id: string } | null }).holder?.operation_id ?? null)
            : null;
        }
        if (id !== null) await client.request('device.cancel', { operation_id: id });
      };
      const timer =
        p.channel === 'device.execute' && p.serial !== null ? setInterval(() => void cancel(), CANCEL_AFTER_MS) : null;
      const reply = await pending;
      if (timer) clearInterval(timer);
      if (!reply.ok) {
        if (reply.error.code === 'INTERNAL') figures.internal.push(`${p.channel}: ${reply.error.message}`);
        figures.refused++;
        if (p.own === true && fleet.inputs(p.serial!) > 0) figures.inputFromRefused++;
        return;
      }
      if (p.channel !== 'device.execute') return;
      const receipt = (reply.result as { receipt: Receipt }).receipt;
      expect(ReceiptSchema.safeParse(receipt).success, JSON.stringify(receipt).slice(0, 500)).toBe(true);
      if (receipt.code === 'INTERNAL') figures.internal.push(`${receipt.tool}: ${receipt.message}`);
      if (receipt.status === 'cancelled') figures.cancelled++;
      if (receipt.status === 'not_started') {
        figures.refused++;
        if (p.own === true && fleet.inputs(p.serial!) > 0) figures.inputFromRefused++;
      } else figures.executed++;
    };

    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < plans.length) await runOne(plans[next++]!);
      }),
    );

    // Raw frames: malformed, binary garbage, deep nesting. Each is refused; the socket keeps serving.
    const frames = fc.sample(rawFrame, { numRuns: RAW_FRAMES, seed: 42 });
    for (const f of frames) client.socket.send(f);
    const alive = await client.request('devices.list', {});
    expect(alive).toEqual({ ok: true, result: { devices: [] } });

    console.log(
      `bridge fuzz: ${REQUESTS_TOTAL} requests + ${RAW_FRAMES} raw frames in ${Math.round(performance.now() - t0)} ms; ` +
        `${figures.refused} refused, ${figures.executed} executed (${figures.cancelled} cancelled), ` +
        `${figures.inputFromRefused} refused with input, ${figures.internal.length} INTERNAL, ${unhandled.length} unhandled rejections`,
    );
    expect(figures.internal).toEqual([]);
    expect(figures.inputFromRefused).toBe(0);
    expect(unhandled).toEqual([]);
    expect(figures.executed).toBeGreaterThan(100); // the fuzz reaches the device, not only the gate
  }, 120_000);
});
