import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLocks, withDeviceLock } from './device-lock';
import type { LockRecord } from './lock-record';
import { processStart } from './process-identity';

const fixture = join(import.meta.dirname, '../../../test/support/lock-child.ts');
let dir: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function child(...args: string[]) {
  const proc = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], { stdio: 'pipe' });
  children.push(proc);
  const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { proc, exited, next: async () => JSON.parse((await lines.next()).value as string) };
}

function staleRecord(serial: string, pid: number): LockRecord {
  return {
    version: 1,
    device: serial,
    serial,
    lock_id: 'dead',
    owner: { pid, hostname: hostname(), client: 'crashed' },
    owner_start: null,
    operation_id: 'op-dead',
    acquired_at: new Date().toISOString(),
    uncertain_until: null,
    released: false,
  };
}

async function deadPid(): Promise<number> {
  const proc = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => proc.once('exit', resolve));
  return proc.pid as number;
}

describe('device lock, one process', () => {
  it('writes the holder into the lock file and refuses a second client at once, naming the holder', () => {
    const locks = new DeviceLocks({ dir });
    const first = locks.acquire('emulator-5554', 'console');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const onDisk = JSON.parse(readFileSync(locks.pathFor('emulator-5554'), 'utf8')) as LockRecord;
    expect(onDisk.owner).toEqual({ pid: process.pid, hostname: hostname(), client: 'console' });
    expect(onDisk.operation_id).toBe(first.lock.operationId);

    const second = new DeviceLocks({ dir }).acquire('emulator-5554', 'cli');
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.error).toMatchObject({
      code: 'DEVICE_BUSY',
      reason: 'held',
      holder: { owner: { client: 'console', pid: process.pid } },
    });
    expect(second.error.message).toContain('console (pid');

    first.lock.release();
    expect(locks.status('emulator-5554')).toEqual([
      {
        device: 'emulator-5554',
        serial: 'emulator-5554',
        state: 'free',
        holder: null,
        path: locks.pathFor('emulator-5554'),
      },
    ]);
    expect(locks.acquire('emulator-5554', 'cli').ok).toBe(true);
  });

  it('names lock files by a hash of the identity: unsafe and 200-character names stay inside the directory', () => {
    const locks = new DeviceLocks({ dir });
    const long = 'S'.repeat(200);
    expect(locks.acquire('../192.168.1.5:5555', 'cli').ok).toBe(true);
    expect(locks.acquire({ identity: long, serial: '127.0.0.1:5555' }, 'cli').ok).toBe(true);
    expect(
      readdirSync(dir)
        .filter((n) => n.endsWith('.lock'))
        .every((n) => /^[0-9a-f]{64}\.lock$/.test(n)),
    ).toBe(true);
    expect(
      locks
        .status()
        .map((s) => [s.device, s.serial, s.state])
        .sort(),
    ).toEqual([
      ['../192.168.1.5:5555', '../192.168.1.5:5555', 'held'],
      [long, '127.0.0.1:5555', 'held'],
    ]);
  });

  it('one lock per identity: a second serial of the same device is busy; status finds it by identity or serial', () => {
    const locks = new DeviceLocks({ dir });
    const usb = locks.acquire({ identity: 'R58M1234', serial: 'R58M1234' }, 'console');
    expect(usb.ok).toBe(true);
    const wifi = locks.acquire({ identity: 'R58M1234', serial: '192.168.1.5:5555' }, 'cli');
    expect(!wifi.ok && wifi.error.message).toContain('device 192.168.1.5:5555 (R58M1234) is held by console');
    expect(locks.acquire({ identity: 'R58M9999', serial: '192.168.1.6:5555' }, 'cli').ok).toBe(true);
    expect(locks.status('R58M1234')[0]).toMatchObject({ device: 'R58M1234', state: 'held' });
    expect(locks.status('192.168.1.6:5555')[0]).toMatchObject({
      device: 'R58M9999',
      serial: '192.168.1.6:5555',
      state: 'held',
    });
  });

  it('takes over the lock of a dead holder, and of a reused pid', async () => {
    const locks = new DeviceLocks({ dir });
    mkdirSync(dir, { recursive: true });
    writeFileSync(locks.pathFor('s1'), JSON.stringify(staleRecord('s1', await deadPid())));
    expect(locks.status('s1')[0]?.state).toBe('stale');
    const taken = locks.acquire('s1', 'cli');
    expect(taken.ok && taken.lock.owner.client).toBe('cli');

    const reused = { ...staleRecord('s2', process.pid), owner_start: `${processStart(process.pid)}0` };
    writeFileSync(locks.pathFor('s2'), JSON.stringify(reused));
    expect(locks.acquire('s2', 'cli').ok).toBe(true);
  });

  it('waits for a breaker in progress, and clears the guard a crashed breaker left behind', async () => {
    const locks = new DeviceLocks({ dir });
    mkdirSync(dir, { recursive: true });
    writeFileSync(locks.pathFor('s8'), JSON.stringify(staleRecord('s8', await deadPid())));
    mkdirSync(`${locks.pathFor('s8')}.break`);
    const during = locks.acquire('s8', 'cli');
    expect(!during.ok && during.error.reason).toBe('recovering');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${locks.pathFor('s8')}.break`, old, old);
    expect(locks.acquire('s8', 'cli').ok).toBe(true);
  });

  it('never takes over an unreadable lock file', () => {
    const locks = new DeviceLocks({ dir });
    mkdirSync(dir, { recursive: true });
    writeFileSync(locks.pathFor('s3'), '{"half":');
    const result = locks.acquire('s3', 'cli');
    expect(!result.ok && result.error.reason).toBe('unreadable');
  });

  it('keeps the device occupied while input is uncertain, even after release, until resolved or its deadline', () => {
    let now = 1_000_000;
    const locks = new DeviceLocks({ dir, now: () => now });
    const held = locks.acquire('s4', 'console');
    if (!held.ok) throw new Error('acquire failed');
    held.lock.markUncertain(now + 5000);
    held.lock.release();
    expect(locks.status('s4')[0]?.state).toBe('uncertain');
    const blocked = locks.acquire('s4', 'cli');
    expect(!blocked.ok && blocked.error.reason).toBe('uncertain');
    now += 5001;
    expect(locks.status('s4')[0]?.state).toBe('stale');
    expect(locks.acquire('s4', 'cli').ok).toBe(true);
  });

  it('frees the device when the uncertain outcome is resolved after release', () => {
    const locks = new DeviceLocks({ dir });
    const held = locks.acquire('s5', 'console');
    if (!held.ok) throw new Error('acquire failed');
    held.lock.markUncertain(Date.now() + 60_000);
    held.lock.release();
    expect(locks.acquire('s5', 'cli').ok).toBe(false);
    held.lock.resolveUncertain();
    expect(locks.status('s5')[0]?.state).toBe('free');
  });

  it('a re-read clears an uncertain lock its holder released, never one a live holder still runs under', () => {
    const locks = new DeviceLocks({ dir });
    const held = locks.acquire('s5b', 'console');
    if (!held.ok) throw new Error('acquire failed');
    held.lock.markUncertain(Date.now() + 60_000);
    const busy = new DeviceLocks({ dir }).acquire('s5b', 'cli');
    expect(!busy.ok && busy.error).toMatchObject({ reason: 'uncertain' });
    expect(!busy.ok && busy.error.message).toContain(`outcome of operation ${held.lock.operationId} unknown`);
    expect(new DeviceLocks({ dir }).clearUncertain('s5b')).toBe(false);
    held.lock.release();
    expect(locks.status('s5b')[0]?.state).toBe('uncertain');
    expect(new DeviceLocks({ dir }).clearUncertain('s5b')).toBe(true);
    expect(locks.status('s5b')[0]?.state).toBe('free');
  });

  it('dispatches in order, and refuses input after uncertainty or cancellation without calling send', async () => {
    const locks = new DeviceLocks({ dir });
    const held = locks.acquire('s6', 'console');
    if (!held.ok) throw new Error('acquire failed');
    const order: string[] = [];
    const slow = held.lock.dispatch(async () => {
      await new Promise((r) => setTimeout(r, 30));
      order.push('first');
    });
    const quick = held.lock.dispatch(async () => void order.push('second'));
    await Promise.all([slow, quick]);
    expect(order).toEqual(['first', 'second']);

    held.lock.markUncertain(Date.now() + 60_000);
    let sent = false;
    const refused = await held.lock.dispatch(async () => (sent = true));
    expect(refused).toMatchObject({ ok: false, error: { code: 'DEVICE_BUSY' } });
    held.lock.resolveUncertain();

    new DeviceLocks({ dir }).cancel(held.lock.operationId);
    const late = await held.lock.dispatch(async () => (sent = true));
    expect(late).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    expect(sent).toBe(false);
  });

  it('withDeviceLock releases after the work and passes DEVICE_BUSY through', async () => {
    const locks = new DeviceLocks({ dir });
    const outer = await withDeviceLock(locks, 's7', 'cli', async () => {
      const inner = await withDeviceLock(locks, 's7', 'console', async () => 'never');
      return inner.ok ? 'ran twice' : inner.error.code;
    });
    expect(outer).toEqual({ ok: true, value: 'DEVICE_BUSY' });
    expect(locks.status('s7')[0]?.state).toBe('free');
  });
});

describe('device lock, across processes', () => {
  it('three clients racing for one device: exactly one wins, the others are told who holds it', async () => {
    const startAt = String(Date.now() + 3000);
    const racers = [
      child('race', dir, 'race-1', 'a', startAt),
      child('race', dir, 'race-1', 'b', startAt),
      child('race', dir, 'race-1', 'c', startAt),
    ];
    const results = await Promise.all(racers.map((r) => r.next()));
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => !r.ok)) {
      expect(loser.error.code).toBe('DEVICE_BUSY');
      expect(loser.error.holder.owner.pid).toBe(winners[0].pid);
    }
  }, 20_000);

  it('clients racing to recover one stale lock: exactly one wins', async () => {
    const locks = new DeviceLocks({ dir });
    mkdirSync(dir, { recursive: true });
    writeFileSync(locks.pathFor('race-2'), JSON.stringify(staleRecord('race-2', await deadPid())));
    const startAt = String(Date.now() + 3000);
    const racers = [
      child('race', dir, 'race-2', 'a', startAt),
      child('race', dir, 'race-2', 'b', startAt),
      child('race', dir, 'race-2', 'c', startAt),
    ];
    const results = await Promise.all(racers.map((r) => r.next()));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  }, 20_000);

  it('recovers the lock of a killed holder', async () => {
    const holder = child('hold', dir, 'kill-1', 'console');
    const held = await holder.next();
    expect(held.ok).toBe(true);
    const locks = new DeviceLocks({ dir });
    const busy = locks.acquire('kill-1', 'cli');
    expect(!busy.ok && busy.error.holder?.owner.pid).toBe(holder.proc.pid);
    holder.proc.kill('SIGKILL');
    await holder.exited;
    const recovered = locks.acquire('kill-1', 'cli');
    expect(recovered.ok).toBe(true);
  }, 20_000);

  it('a cancel from another process blocks the late dispatch of that operation', async () => {
    const client = child('dispatch', dir, 'cancel-1', 'cli', 'op-late');
    expect(await client.next()).toEqual({ ready: true });
    new DeviceLocks({ dir }).cancel('op-late');
    expect(new DeviceLocks({ dir }).isCancelled('op-late')).toBe(true);
    client.proc.stdin.write('go\n');
    expect(await client.next()).toMatchObject({ sent: false, outcome: { ok: false, error: { code: 'CANCELLED' } } });
    await client.exited;
    expect(new DeviceLocks({ dir }).status('cancel-1')[0]?.state).toBe('free');
  }, 20_000);
});
