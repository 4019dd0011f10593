// 20 concurrent `tactile run` on one device × 10 rounds: exactly one owner at a time, measured on the device
// clock. Every run taps its own spot twice, so the virtual device's input log (device uptime of every event)
// tells which run each event came from: runs that got DEVICE_BUSY sent nothing, and the intervals of the runs
// that executed never overlap.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedEvent } from '../../virtual-device/android';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import type { Receipt } from '../../shared/receipts';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { buildCliBundle } from '../support/cli-bundle';
import { connectVirtualDevice, testAdbClient } from '../support/executor-rig';

const CLIENTS = 20;
const ROUNDS = 10;

let server: AdbServer;
let device: VirtualDevice;
let serial: string;
let cli: Awaited<ReturnType<typeof buildCliBundle>>;
let dir: string;
const events: ReceivedEvent[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tactile-soak-'));
  cli = await buildCliBundle();
  server = await startAdbServer();
  device = await startVirtualDevice({});
  serial = await connectVirtualDevice(testAdbClient(server), device);
  device.android.input.onEvent((e) => events.push(e));
}, 60_000);

afterAll(async () => {
  await device?.stop();
  await server?.stop();
  await cli?.remove();
  await rm(dir, { recursive: true, force: true });
});

/** Run (round, client) taps its own spot: normalized x 100…860, y 300…660 (distinct device pixels). */
const spot = (round: number, client: number): [number, number] => [100 + 40 * client, 300 + 40 * round];
const toPixel = ([x, y]: [number, number]): [number, number] => [(x * 1080) / 1000, (y * 2400) / 1000];

function run(file: string): Promise<Receipt> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [cli.file, 'run', file, '--serial', serial, '--server', `127.0.0.1:${server.port}`, '--json'],
      {
        env: { ...process.env, TACTILE_DATA_DIR: dir },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.once('exit', () => {
      try {
        resolve(JSON.parse(out) as Receipt);
      } catch {
        reject(new Error(`tactile run printed no receipt: ${out}`));
      }
    });
  });
}

describe(`${CLIENTS} concurrent tactile run on one device × ${ROUNDS} rounds`, () => {
  it('has exactly one owner at a time on the device clock; the others get DEVICE_BUSY and send nothing', async () => {
    const outcomes: Array<{ round: number; client: number; receipt: Receipt }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const files = await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          const file = join(dir, `r${round}-c${client}.json`);
          await writeFile(
            file,
            JSON.stringify({ tool: 'click', args: { target: spot(round, client), times: 2, delay_ms: 100 } }),
          );
          return file;
        }),
      );
      const receipts = await Promise.all(files.map(run));
      receipts.forEach((receipt, client) => outcomes.push({ round, client, receipt }));
    }

    const byRun = new Map<string, ReceivedEvent[]>();
    const key = (round: number, client: number) => `${round}/${client}`;
    // The spots are ≥ 43 px apart; the product's pixel rounding is its own business, so match the nearest within 2 px.
    const spots: Array<{ run: string; px: [number, number] }> = [];
    for (let round = 0; round < ROUNDS; round++)
      for (let client = 0; client < CLIENTS; client++)
        spots.push({ run: key(round, client), px: toPixel(spot(round, client)) });
    const stray: ReceivedEvent[] = [];
    for (const e of events) {
      const p = e.pointers[0];
      const owner = p && spots.find((s) => Math.abs(s.px[0] - p.x) <= 2 && Math.abs(s.px[1] - p.y) <= 2)?.run;
      if (owner === undefined) stray.push(e);
      else byRun.set(owner, [...(byRun.get(owner) ?? []), e]);
    }
    expect(stray).toEqual([]);

    const executed = outcomes.filter((o) => o.receipt.status !== 'not_started');
    const busy = outcomes.filter((o) => o.receipt.status === 'not_started');
    for (const o of executed) expect(o.receipt).toMatchObject({ status: 'completed', code: null, completed_taps: 2 });
    for (const o of busy) {
      expect(o.receipt.code).toBe('DEVICE_BUSY');
      expect(byRun.get(key(o.round, o.client)) ?? []).toEqual([]);
    }
    for (let round = 0; round < ROUNDS; round++)
      expect(executed.filter((o) => o.round === round).length).toBeGreaterThanOrEqual(1);

    // Device-clock interval of every executing run: from its first event to its last.
    const intervals = executed
      .map((o) => {
        const mine = byRun.get(key(o.round, o.client)) ?? [];
        expect(mine.filter((e) => e.action === 'down')).toHaveLength(2);
        return {
          run: key(o.round, o.client),
          start: Math.min(...mine.map((e) => e.received_ms)),
          end: Math.max(...mine.map((e) => e.received_ms)),
        };
      })
      .sort((a, b) => a.start - b.start);
    const overlaps = intervals.filter((iv, i) => i > 0 && iv.start <= (intervals[i - 1]?.end ?? -Infinity));
    expect(overlaps).toEqual([]);
    const gaps = intervals.slice(1).map((iv, i) => iv.start - (intervals[i]?.end ?? 0));
    console.log(
      `soak: ${outcomes.length} runs, ${executed.length} executed, ${busy.length} DEVICE_BUSY; ` +
        `overlapping intervals 0; smallest gap between owners ${Math.min(...gaps)} ms on the device clock`,
    );
  }, 480_000);
});
