// The device lock: exclusive per device across every process on this machine (console, CLI, any client).
// Keyed by the device's identity (electron/device/identity.ts: one per physical device, whatever alias or
// transport a caller names it by), never by the raw serial. One file per identity under <data>/locks, named by
// the SHA-256 of the identity (any identity makes a short, safe name), created atomically with its full content
// (link of a complete temp file), naming the holder (pid, hostname, client), the operation id and when it was taken. A second client
// gets DEVICE_BUSY at once, naming the holder. A holder whose process died is stale and is taken over.
// Rule for uncertain input: after markUncertain(until) the device stays occupied (even after release, even if
// the holder dies) until its fate is known — resolveUncertain() by the holder, or clearUncertain() once the
// device is re-read — or the safety cap `until` passes, so no later input can overtake input whose outcome is unknown. Hand-written: the lockfile packages on npm judge staleness by mtime refreshes and keep no
// holder identity, and the spec needs pid-based recovery and DEVICE_BUSY naming the holder.
import { createHash, randomUUID, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import type { Owner } from '../../../shared/receipts/owner';
import { dataDir } from '../../user-data/data-dir';
import { Cancellations } from './cancellations';
import { createRecord, readRecord, replaceRecord, type LockRecord } from './lock-record';
import { isProcessAlive, processStart } from './process-identity';

export type BusyReason = 'held' | 'uncertain' | 'unreadable' | 'recovering';
export interface DeviceBusy {
  code: 'DEVICE_BUSY';
  reason: BusyReason;
  message: string;
  holder: LockRecord | null;
}
export type AcquireResult = { ok: true; lock: DeviceLockHandle } | { ok: false; error: DeviceBusy };

export type LockState = 'free' | 'held' | 'uncertain' | 'stale' | 'unreadable';
export interface LockStatus {
  /** The device identity the lock is keyed by. */
  device: string;
  /** The adb serial its holder used (the asked key when nobody holds it). */
  serial: string;
  state: LockState;
  holder: LockRecord | null;
  path: string;
}

export interface DispatchRefusal {
  code: 'CANCELLED' | 'DEVICE_BUSY';
  message: string;
}
export type DispatchResult<T> = { ok: true; value: T } | { ok: false; error: DispatchRefusal };

/** A breaker that holds the guard longer than this has died (it holds it for a few synchronous fs calls). */
const GUARD_STALE_MS = 10_000;
const ACQUIRE_ATTEMPTS = 20;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function describe(holder: LockRecord): string {
  const { pid, hostname: host, client } = holder.owner;
  return `${client} (pid ${pid} on ${host}), operation ${holder.operation_id}, since ${holder.acquired_at}`;
}

/** What a lock is taken on: the device identity, and the adb serial the holder reaches it by (for people reading the lock). */
export interface LockTarget {
  identity: string;
  serial: string;
}

/** A bare string is a device whose identity is its serial (tests, or a device named by its identity). */
function targetOf(target: string | LockTarget): LockTarget {
  return typeof target === 'string' ? { identity: target, serial: target } : target;
}

function named(t: LockTarget): string {
  return t.identity === t.serial ? t.serial : `${t.serial} (${t.identity})`;
}

const LOCK_NAME = /^[0-9a-f]{64}\.lock$/;

export interface DeviceLocksOptions {
  /** The lock directory; default <data dir>/locks. */
  dir?: string;
  now?: () => number;
}

export class DeviceLocks {
  readonly dir: string;
  private readonly now: () => number;
  private readonly cancellations: Cancellations;

  constructor(options: DeviceLocksOptions = {}) {
    this.dir = options.dir ?? join(dataDir(), 'locks');
    this.now = options.now ?? Date.now;
    this.cancellations = new Cancellations(join(this.dir, 'cancelled'));
  }

  /** The lock file of a device identity: a fixed-length hash, so no identity can escape the directory or overflow a name. */
  pathFor(identity: string): string {
    return join(this.dir, `${createHash('sha256').update(identity, 'utf8').digest('hex')}.lock`);
  }

  /** Takes the device for one operation, or says at once who holds it. */
  acquire(target: string | LockTarget, client: string, options: { operationId?: string } = {}): AcquireResult {
    const device = targetOf(target);
    const name = named(device);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const path = this.pathFor(device.identity);
    const owner: Owner = { pid: process.pid, hostname: hostname(), client };
    const record: LockRecord = {
      version: 1,
      device: device.identity,
      serial: device.serial,
      lock_id: randomBytes(12).toString('hex'),
      owner,
      owner_start: processStart(process.pid),
      operation_id: options.operationId ?? randomUUID(),
      acquired_at: new Date(this.now()).toISOString(),
      uncertain_until: null,
      released: false,
    };
    for (let attempt = 0; attempt < ACQUIRE_ATTEMPTS; attempt++) {
      if (createRecord(path, record)) return { ok: true, lock: new DeviceLockHandle(this, path, record) };
      const current = readRecord(path);
      if (current.state === 'absent') continue; // released between our try and our look: try again
      if (current.state === 'unreadable') {
        return {
          ok: false,
          error: {
            code: 'DEVICE_BUSY',
            reason: 'unreadable',
            holder: null,
            message: `device ${name}: lock file ${path} is unreadable; remove it by hand if no client holds the device`,
          },
        };
      }
      const state = this.judge(current.record);
      if (state === 'held' || state === 'uncertain') {
        const why =
          state === 'uncertain'
            ? ` (outcome of operation ${current.record.operation_id} unknown: occupied until the device is re-read, at most until ${new Date(current.record.uncertain_until as number).toISOString()})`
            : '';
        return {
          ok: false,
          error: {
            code: 'DEVICE_BUSY',
            reason: state,
            holder: current.record,
            message: `device ${name} is held by ${describe(current.record)}${why}`,
          },
        };
      }
      if (!this.removeIfUnchanged(path, current.raw)) pause(5);
    }
    return {
      ok: false,
      error: {
        code: 'DEVICE_BUSY',
        reason: 'recovering',
        holder: null,
        message: `device ${name}: another client is recovering its stale lock`,
      },
    };
  }

  /**
   * Every lock on this machine, or one device's: `key` is its identity, or the adb serial its holder used
   * (so a lock can be looked up without asking adb). State `free` when nobody holds it.
   */
  status(key?: string): LockStatus[] {
    if (key !== undefined) {
      const own = this.statusAt(this.pathFor(key), key);
      if (own.state !== 'free') return [own];
      const bySerial = this.status().find((s) => s.holder?.serial === key);
      return [bySerial ?? { device: key, serial: key, state: 'free', holder: null, path: own.path }];
    }
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => LOCK_NAME.test(n));
    } catch {
      names = [];
    }
    return names.map((name) => this.statusAt(join(this.dir, name), null)).filter((s) => s.state !== 'free');
  }

  private statusAt(path: string, key: string | null): LockStatus {
    const current = readRecord(path);
    // An unreadable file names no device: it is shown by its hash, which is its file name.
    const unknown = key ?? basename(path, '.lock');
    if (current.state === 'absent') return { device: unknown, serial: unknown, state: 'free', holder: null, path };
    if (current.state === 'unreadable')
      return { device: unknown, serial: unknown, state: 'unreadable', holder: null, path };
    const { device, serial } = current.record;
    return { device, serial, state: this.judge(current.record), holder: current.record, path };
  }

  /**
   * The device was re-read after input of unknown outcome (it answers again, so that input is over): a lock kept
   * only for that uncertainty (its holder released it or died) is removed. A live holder's lock is left alone.
   * True when the device is no longer occupied for that reason.
   */
  clearUncertain(identity: string): boolean {
    const path = this.pathFor(identity);
    const current = readRecord(path);
    if (current.state !== 'ok') return current.state === 'absent';
    if (this.judge(current.record) !== 'uncertain') return true;
    if (this.judge({ ...current.record, uncertain_until: null }) !== 'stale') return false;
    return this.removeIfUnchanged(path, current.raw);
  }

  /** Records a cancellation: any later dispatch of this operation, in any process here, is refused. */
  cancel(operationId: string): void {
    this.cancellations.cancel(operationId, this.now());
  }

  isCancelled(operationId: string): boolean {
    return this.cancellations.isCancelled(operationId);
  }

  /** @internal */ judge(record: LockRecord): Exclude<LockState, 'free' | 'unreadable'> {
    if (record.uncertain_until !== null && this.now() < record.uncertain_until) return 'uncertain';
    if (record.released) return 'stale';
    // A holder on another host (a shared data dir) cannot be checked: never take its lock.
    if (record.owner.hostname !== hostname()) return 'held';
    return isProcessAlive(record.owner.pid, record.owner_start) ? 'held' : 'stale';
  }

  /**
   * Deletes the lock file only if it still has exactly the content we judged, under a per-lock guard
   * directory so two recovering clients cannot both delete (the second would delete the winner's new lock).
   * Residual risk: only if a breaker dies inside the guard AND two others race to clear the guard.
   * @internal
   */
  removeIfUnchanged(path: string, raw: string): boolean {
    const guard = `${path}.break`;
    try {
      mkdirSync(guard);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmdirSync(guard); // file-system time, not the injected clock
      } catch {
        // Another client cleared it first.
      }
      return false;
    }
    try {
      const current = readRecord(path);
      if (current.state !== 'absent' && current.raw === raw) unlinkSync(path);
      return true;
    } finally {
      rmdirSync(guard);
    }
  }

  /** @internal */ nowMs(): number {
    return this.now();
  }
}

/** One held device lock = one operation. Dispatch input only through `dispatch`, then `release`. */
export class DeviceLockHandle {
  private record: LockRecord;
  private tail: Promise<unknown> = Promise.resolve();
  private inFlight = 0;
  private released = false;

  constructor(
    private readonly locks: DeviceLocks,
    private readonly path: string,
    record: LockRecord,
  ) {
    this.record = record;
  }

  get operationId(): string {
    return this.record.operation_id;
  }

  get serial(): string {
    return this.record.serial;
  }

  /** The device identity this lock is keyed by. */
  get device(): string {
    return this.record.device;
  }

  get owner(): Owner {
    return this.record.owner;
  }

  /** Why input may not be sent now (cancelled, released, or earlier input still uncertain), or null. */
  checkDispatch(): DispatchRefusal | null {
    if (this.locks.isCancelled(this.operationId))
      return { code: 'CANCELLED', message: `operation ${this.operationId} was cancelled` };
    if (this.released) return { code: 'DEVICE_BUSY', message: 'the device lock was released' };
    if (this.record.uncertain_until !== null) {
      return { code: 'DEVICE_BUSY', message: `earlier input of operation ${this.operationId} has an unknown outcome` };
    }
    return null;
  }

  /** Runs `send` after every earlier dispatch of this handle (FIFO), only if checkDispatch allows it right then. */
  dispatch<T>(send: () => Promise<T>): Promise<DispatchResult<T>> {
    const run = async (): Promise<DispatchResult<T>> => {
      const refusal = this.checkDispatch();
      if (refusal) return { ok: false, error: refusal };
      this.inFlight++;
      try {
        return { ok: true, value: await send() };
      } finally {
        this.inFlight--;
      }
    };
    const result = this.tail.then(run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Input of this operation has an unknown outcome: keep the device occupied until resolved or `untilMs` (epoch ms). */
  markUncertain(untilMs: number): void {
    const until = Math.max(untilMs, this.record.uncertain_until ?? 0);
    this.record = { ...this.record, uncertain_until: until };
    if (!this.released) replaceRecord(this.path, this.record);
  }

  /** The outcome became known (e.g. observed again): the channel is free for input again. */
  resolveUncertain(): void {
    if (this.record.uncertain_until === null) return;
    const written = this.record;
    this.record = { ...this.record, uncertain_until: null };
    if (!this.released) replaceRecord(this.path, this.record);
    else this.remove(written);
  }

  /** Lets go of the device; with uncertain input pending, the lock stays (released) until resolution or its deadline. */
  release(): void {
    if (this.released) return;
    if (this.inFlight > 0) throw new Error('release() while a dispatch is still running: await it first');
    this.released = true;
    if (this.record.uncertain_until !== null && this.locks.nowMs() < this.record.uncertain_until) {
      this.record = { ...this.record, released: true };
      replaceRecord(this.path, this.record);
      return;
    }
    this.remove(this.record);
  }

  /** Deletes our record if the file still holds it (a later holder's record is left alone). */
  private remove(record: LockRecord): void {
    // The file holds exactly JSON.stringify of the record we wrote; retry while a breaker holds the guard.
    for (let attempt = 0; attempt < ACQUIRE_ATTEMPTS; attempt++) {
      if (this.locks.removeIfUnchanged(this.path, JSON.stringify(record))) return;
      pause(5);
    }
  }
}

/** Runs `work` holding the device lock and releases it afterwards, or returns DEVICE_BUSY untouched. */
export async function withDeviceLock<T>(
  locks: DeviceLocks,
  target: string | LockTarget,
  client: string,
  work: (lock: DeviceLockHandle) => Promise<T>,
  options: { operationId?: string } = {},
): Promise<{ ok: true; value: T } | { ok: false; error: DeviceBusy }> {
  const acquired = locks.acquire(target, client, options);
  if (!acquired.ok) return acquired;
  try {
    return { ok: true, value: await work(acquired.lock) };
  } finally {
    acquired.lock.release();
  }
}
