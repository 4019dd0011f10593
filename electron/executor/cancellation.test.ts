// Cancel (issue 10, Deliver 2): device.cancel's executor side, the caller's signal and a cancel recorded by
// another process all stop an operation between events with an honest receipt; long sleeps are exact.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/receipts';
import { DeviceLocks } from '../device/lock';
import { makeSleep } from './context';
import { createExecutor, type Executor } from './executor';
import { FakeChannel, FakeInput, fakeLink } from '../../test/support/fake-device';

let dir: string;
let locks: DeviceLocks;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-cancel-unit-'));
  locks = new DeviceLocks({ dir });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function executorFor(input: FakeInput): Executor {
  return createExecutor({
    links: { open: async () => fakeLink(new FakeChannel(), input) },
    locks,
    journal: { append: () => undefined },
  });
}

const OP = '0b6f1c1e-5d1a-4c55-9d7e-2a8b8f0e4c11';
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};
/** `p`, or 'late' after `ms`: tells a cancel from the 60 s wait running out (20 s: far above a cancel under load). */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'late'>((r) => setTimeout(() => r('late'), ms))]);

describe('cancelling an operation', () => {
  it('device.cancel by operation id ends a long wait_for_delay as cancelled', async () => {
    const ex = executorFor(new FakeInput());
    const running = ex.run(
      { tool: 'wait_for_delay', args: { time_in_ms: 60_000 } },
      { serial: 'fake-1', owner: 'unit', operationId: OP },
    );
    await until(() => locks.status('fake-1')[0]!.state === 'held');
    expect(ex.cancel(OP)).toBe(true);
    const r = (await within(running, 20_000)) as Receipt;
    expect(r).toMatchObject({ operation_id: OP, status: 'cancelled', code: 'CANCELLED' });
    expect(locks.status('fake-1')[0]!.state).toBe('free');
  });

  it('stops click.times between taps: the taps sent are counted, none after the cancel', async () => {
    const input = new FakeInput();
    const ex = executorFor(input);
    const running = ex.run(
      { tool: 'click', args: { target: [500, 500], times: 10, delay_ms: 1000 } },
      { serial: 'fake-1', owner: 'unit', operationId: OP },
    );
    await until(() => input.contacts.length >= 2);
    ex.cancel(OP);
    const r = await running;
    expect(r.status).toBe('cancelled');
    expect(r.completed_taps).toBe(input.contacts.length);
    expect(input.contacts.length).toBeLessThan(10);
  });

  it("stops on the caller's signal (SIGINT in the CLI, Stop in the console)", async () => {
    const controller = new AbortController();
    const running = executorFor(new FakeInput()).run(
      { tool: 'wait_for_delay', args: { time_in_ms: 60_000 } },
      { serial: 'fake-1', owner: 'unit', signal: controller.signal },
    );
    await until(() => locks.status('fake-1')[0]!.state === 'held');
    controller.abort();
    expect(await within(running, 20_000)).toMatchObject({ status: 'cancelled' });
  });

  it('stops when another process on this machine records the cancel (a console stopping a CLI run)', async () => {
    const running = executorFor(new FakeInput()).run(
      { tool: 'wait_for_delay', args: { time_in_ms: 60_000 } },
      { serial: 'fake-1', owner: 'unit', operationId: OP },
    );
    await until(() => locks.status('fake-1')[0]!.state === 'held');
    const other = createExecutor({
      links: {
        open: async () => {
          throw new Error('unused');
        },
      },
      locks: new DeviceLocks({ dir }),
      journal: { append: () => undefined },
    });
    expect(other.cancel(OP)).toBe(true); // not running there, but it holds a lock on this machine
    expect(await within(running, 20_000)).toMatchObject({ status: 'cancelled' });
  });

  it('an operation cancelled before it starts sends nothing', async () => {
    const input = new FakeInput();
    const ex = executorFor(input);
    expect(ex.cancel(OP)).toBe(false);
    const r = await ex.run(
      { tool: 'click', args: { target: [500, 500] } },
      { serial: 'fake-1', owner: 'unit', operationId: OP },
    );
    expect(r).toMatchObject({ status: 'cancelled', code: 'CANCELLED' });
    expect(input.contacts).toHaveLength(0);
  });
  it('a caller that aborts while the device is being resolved still records the cancel for other processes', async () => {
    const controller = new AbortController();
    const links = {
      open: async () => fakeLink(new FakeChannel(), new FakeInput()),
      resolve: async (serial: string) => {
        controller.abort(); // the caller gives up while adb resolves the serial, before the lock is taken
        return { identity: serial, serial };
      },
    };
    const ex = createExecutor({ links, locks, journal: { append: () => undefined } });
    const r = await ex.run(
      { tool: 'wait_for_delay', args: { time_in_ms: 60_000 } },
      { serial: 'fake-1', owner: 'unit', operationId: OP, signal: controller.signal },
    );
    expect(r.status).toBe('cancelled');
    expect(new DeviceLocks({ dir }).isCancelled(OP)).toBe(true);
  });
});

describe('makeSleep', () => {
  it("waits past Node's 32-bit timer limit instead of firing at once (wait_for_delay: 2147483648)", async () => {
    const controller = new AbortController();
    const sleeping = makeSleep(controller.signal)(2 ** 31);
    expect(await within(sleeping, 150)).toBe('late'); // deliberate: it must not fire at once; slower only waits longer
    controller.abort();
    expect(await within(sleeping, 10_000)).toBeUndefined();
  });
});
