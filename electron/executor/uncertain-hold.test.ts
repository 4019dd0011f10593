// Input of unknown outcome keeps the device occupied until its fate is known — the device is re-read after
// reconnecting — not for a fixed 3 s (issue 15, Deliver 6).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/receipts';
import { DeviceLocks } from '../device/lock';
import type { DeviceLinks } from './device-link';
import { createExecutor, type Executor } from './executor';
import { FakeChannel, FakeInput, fakeLink } from '../../test/support/fake-device';

let dir: string;
let skew: number;
let locks: DeviceLocks;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-uncertain-'));
  skew = 0;
  // The lock's clock runs ahead on demand, so "past 3 s" needs no sleeping.
  locks = new DeviceLocks({ dir, now: () => Date.now() + skew });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A device the test can unplug: while unreachable, opening it or reading its screen fails. */
function unpluggable(input: FakeInput) {
  const device = { reachable: true, reads: 0 };
  const links: DeviceLinks = {
    open: async () => {
      if (!device.reachable) throw new Error('device offline');
      const link = fakeLink(new FakeChannel(), input);
      return { ...link, screen: async () => (device.reads++, link.screen()) };
    },
  };
  return { device, links };
}
const tap = (ex: Executor, owner: string): Promise<Receipt> =>
  ex.run({ tool: 'click', args: { target: [500, 500] } }, { serial: 'fake-1', owner });

describe('uncertain input holds the device until it is re-read', () => {
  it('stays held past 3 s while unreachable and is freed as soon as it is re-read', async () => {
    const input = new FakeInput();
    const { device, links } = unpluggable(input);
    const ex = createExecutor({ links, locks, journal: { append: () => undefined } });
    input.script.push({
      ok: false,
      uncertain: true,
      code: 'DEVICE_LOST',
      message: 'link died mid-tap',
      dispatched: null,
    });
    const lost = await tap(ex, 'first');
    expect(lost).toMatchObject({ status: 'unknown', code: 'DEVICE_LOST' });
    device.reachable = false;

    skew = 5000;
    expect(locks.status('fake-1')[0]!.state).toBe('uncertain');
    const busy = await tap(ex, 'second');
    expect(busy).toMatchObject({ status: 'not_started', code: 'DEVICE_BUSY' });
    expect(busy.message).toContain(`outcome of operation ${lost.operation_id} unknown`);
    expect(locks.acquire('fake-1', 'other').ok).toBe(false);
    expect(input.contacts).toHaveLength(1); // the unknown tap only: nothing overtook it

    device.reachable = true;
    const after = await tap(ex, 'third');
    expect(after).toMatchObject({ status: 'completed', code: null });
    expect(input.contacts).toHaveLength(2);
    expect(locks.status('fake-1')[0]!.state).toBe('free');
  });

  it('a device that never comes back is freed by the safety cap, not held forever', async () => {
    const input = new FakeInput();
    const { device, links } = unpluggable(input);
    const ex = createExecutor({ links, locks, journal: { append: () => undefined } });
    input.script.push({
      ok: false,
      uncertain: true,
      code: 'DEVICE_LOST',
      message: 'link died mid-tap',
      dispatched: null,
    });
    await tap(ex, 'first');
    device.reachable = false;
    skew = 59_000;
    expect(locks.status('fake-1')[0]!.state).toBe('uncertain');
    skew = 61_000;
    expect(locks.status('fake-1')[0]!.state).toBe('stale');
    const next = locks.acquire('fake-1', 'next');
    expect(next.ok).toBe(true);
    if (next.ok) next.lock.release();
  });
});
