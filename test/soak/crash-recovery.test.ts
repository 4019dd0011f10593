// kill -9 of `tactile run` at random moments while its input is under way, 100 times, on virtual devices behind a
// private adb server: every operation that may have sent input ends with exactly one receipt (its own, or the
// `unknown` one the next start recovers), no journal line is corrupt, no run is replayed, and the device lock is
// free again within its stale rule (dead holder → takeable at once; uncertain input → once the device is re-read, at most 60 s).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceLocks } from '../../electron/device/lock';
import { readRecords } from '../../electron/receipts';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { buildCliBundle } from '../support/cli-bundle';
import { connectVirtualDevice, testAdbClient } from '../support/executor-rig';

const KILLS = 100;
const DEVICES = 4;

let server: AdbServer;
const devices: Array<{ device: VirtualDevice; serial: string }> = [];
let cli: Awaited<ReturnType<typeof buildCliBundle>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tactile-kill-'));
  cli = await buildCliBundle();
  server = await startAdbServer();
  const adb = testAdbClient(server);
  for (let i = 0; i < DEVICES; i++) {
    const device = await startVirtualDevice({});
    devices.push({ device, serial: await connectVirtualDevice(adb, device) });
  }
}, 60_000);

afterAll(async () => {
  for (const { device } of devices) await device.stop();
  await server?.stop();
  await cli?.remove();
  await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const receiptsDir = () => join(dataDir, 'receipts');

function tactile(args: string[]) {
  const proc = spawn(process.execPath, [cli.file, ...args], {
    env: { ...process.env, TACTILE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, exited, out: () => out, err: () => err };
}

/** True once the process has written its intent (its pending marker names it as the owner). */
function hasIntent(pid: number): boolean {
  let names: string[];
  try {
    names = readdirSync(join(receiptsDir(), 'pending'));
  } catch {
    return false;
  }
  return names.some((n) => {
    if (!n.endsWith('.json')) return false; // a marker still being written (temp) is not an intent yet
    try {
      return (
        (JSON.parse(readFileSync(join(receiptsDir(), 'pending', n), 'utf8')) as { intent: { owner: { pid: number } } })
          .intent.owner.pid === pid
      );
    } catch {
      return false; // claimed or removed meanwhile
    }
  });
}

describe('kill -9 of tactile run at random moments', () => {
  it(`${KILLS} kills → ${KILLS} receipts, 0 corrupt lines, the lock free again`, async () => {
    const file = join(tmpdir(), `tactile-kill-click-${process.pid}.json`);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify({ tool: 'click', args: { target: [500, 120], times: 3, delay_ms: 100 } }));
    const killedPids: number[] = [];
    const noIntent: string[] = [];
    let busyRetries = 0;
    let next = 0;
    const worker = async ({ serial }: { serial: string }) => {
      while (next < KILLS) {
        next++;
        const run = tactile(['run', file, '--serial', serial, '--server', `127.0.0.1:${server.port}`, '--json']);
        const pid = run.proc.pid as number;
        let ended = false;
        void run.exited.then(() => (ended = true));
        while (!ended && !hasIntent(pid)) await sleep(5);
        if (ended) {
          // A kill can land inside another run's lock takeover, leaving its guard: the device is then busy
          // ("recovering") until the guard's stale timeout. That run sent nothing; try again.
          if (run.out().includes('"code":"DEVICE_BUSY"')) {
            busyRetries++;
            next--;
            continue;
          }
          noIntent.push(run.out().slice(0, 600));
        }
        // A random moment in the input window (three taps ≈ 450 ms, then the after-observation).
        await sleep(Math.random() * 600);
        run.proc.kill('SIGKILL');
        await run.exited;
        killedPids.push(pid);
      }
    };
    await Promise.all(devices.map(worker));
    // The next start of a command that touches the executor recovers what the last kills left.
    const last = tactile([
      'run',
      file,
      '--serial',
      devices[0]!.serial,
      '--server',
      `127.0.0.1:${server.port}`,
      '--json',
    ]);
    expect(await last.exited).toBe(0);

    const read = readRecords(receiptsDir());
    const raw = readdirSync(receiptsDir())
      .filter((n) => n.endsWith('.jsonl'))
      .flatMap((n) => readFileSync(join(receiptsDir(), n), 'utf8').split('\n').slice(0, -1));
    const corrupt = raw.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(corrupt).toEqual([]);
    expect(read.skipped).toEqual([]);
    const killed = new Set(killedPids);
    const intents = read.entries.flatMap((e) =>
      e.value.kind === 'intent' && killed.has(e.value.value.owner.pid) ? [e.value.value] : [],
    );
    const receipts = read.entries.flatMap((e) =>
      e.value.kind === 'receipt' && killed.has(e.value.value.owner.pid) ? [e.value.value] : [],
    );
    expect(noIntent).toEqual([]);
    const withReceipt = new Set(receipts.map((r) => r.owner.pid));
    const missing = [...killed].filter((pid) => !withReceipt.has(pid));
    const about = (pid: number) =>
      read.entries.filter((e) => JSON.stringify(e.value).includes(`"pid":${pid},`)).map((e) => e.value.kind);
    expect({
      missing: missing.map((pid) => ({ pid, records: about(pid) })),
      pending: readdirSync(join(receiptsDir(), 'pending')),
    }).toEqual({ missing: [], pending: [] });
    // One receipt per killed process. A kill between the pending marker and the intent line (the first step of the
    // write-ahead) is recovered as not_started: input is only sent once the intent line is durable.
    expect(receipts).toHaveLength(KILLS);
    expect(new Set(receipts.map((r) => r.owner.pid))).toEqual(killed);
    expect(new Set(receipts.map((r) => r.operation_id)).size).toBe(KILLS);
    const intended = new Set(intents.map((i) => i.operation_id));
    for (const r of receipts)
      expect([r.status, intended.has(r.operation_id)]).toEqual(
        intended.has(r.operation_id) ? [expect.stringMatching(/^(completed|unknown)$/), true] : ['not_started', false],
      );
    const statuses = receipts.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
      {},
    );
    expect(statuses['unknown'] ?? 0).toBeGreaterThan(KILLS / 2); // most kills landed while input was under way
    expect(readdirSync(join(receiptsDir(), 'pending'))).toEqual([]);
    console.log(
      `kill -9 × ${KILLS}: ${JSON.stringify(statuses)}; intents ${intents.length}; journal lines ${raw.length}, corrupt 0`,
    );

    // Every device can be taken again within the lock's stale rules: a dead holder at once (a SIGKILL leaves no
    // input marked uncertain: only a failed dispatch does, and the next run's re-read clears it), a takeover guard left by a killed process after its 10 s stale timeout.
    const locks = new DeviceLocks({ dir: join(dataDir, 'locks') });
    const waits: number[] = [];
    for (const { serial } of devices) {
      const t0 = Date.now();
      let taken = locks.acquire(serial, 'test');
      while (!taken.ok && Date.now() - t0 < 11_000) {
        await sleep(50);
        taken = locks.acquire(serial, 'test');
      }
      expect(taken.ok).toBe(true);
      waits.push(Date.now() - t0);
      if (taken.ok) taken.lock.release();
    }
    console.log(`locks free after ${JSON.stringify(waits)} ms; runs refused DEVICE_BUSY and retried: ${busyRetries}`);
  }, 240_000);

  it('SIGTERM of tactile run stops it between taps: it prints and journals its own cancelled receipt', async () => {
    const file = join(tmpdir(), `tactile-term-click-${process.pid}.json`);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify({ tool: 'click', args: { target: [500, 120], times: 10, delay_ms: 300 } }));
    // The kills above can leave this device busy ("recovering") until a killed run's takeover guard goes stale:
    // such a run exits DEVICE_BUSY having sent nothing, and is started again. Any other early exit fails here,
    // with what the run printed.
    let run = tactile(['run', file, '--serial', devices[1]!.serial, '--server', `127.0.0.1:${server.port}`, '--json']);
    for (const t0 = Date.now(); ;) {
      let ended = false;
      void run.exited.then(() => (ended = true));
      const started = Date.now();
      while (!ended && !hasIntent(run.proc.pid as number) && Date.now() - started < 30_000) await sleep(5);
      if (!ended) {
        expect(
          hasIntent(run.proc.pid as number),
          `no intent after 30 s; the run printed: ${run.out()} ${run.err()}`,
        ).toBe(true);
        break;
      }
      expect(run.out(), 'the run ended before its intent').toContain('"code":"DEVICE_BUSY"');
      // A loop guard, not a figure: busy for at most the 10 s stale timeout; each retry is a CLI start (seconds at load).
      expect(Date.now() - t0, 'the device stayed busy').toBeLessThan(60_000);
      await sleep(250);
      run = tactile(['run', file, '--serial', devices[1]!.serial, '--server', `127.0.0.1:${server.port}`, '--json']);
    }
    await sleep(700);
    run.proc.kill('SIGTERM');
    const code = await Promise.race([run.exited, sleep(20_000).then(() => 'still running 20 s after SIGTERM')]);
    expect(code, `the run printed: ${run.out()} ${run.err()}`).toBe(1); // answered within the grace period: its receipt, not a forced exit (143)
    const printed = JSON.parse(run.out()) as {
      operation_id: string;
      status: string;
      code: string;
      completed_taps: number;
    };
    expect(printed).toMatchObject({ status: 'cancelled', code: 'CANCELLED' });
    expect(printed.completed_taps).toBeGreaterThan(0);
    expect(printed.completed_taps).toBeLessThan(10);
    const journaled = readRecords(receiptsDir()).entries.filter(
      (e) => e.value.kind === 'receipt' && e.value.value.operation_id === printed.operation_id,
    );
    expect(journaled.map((e) => e.value.kind === 'receipt' && e.value.value.status)).toEqual(['cancelled']);
    expect(readdirSync(join(receiptsDir(), 'pending')).filter((n) => n.endsWith('.json'))).toEqual([]);
  }, 60_000);
});
