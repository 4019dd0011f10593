// The executor's entry: the serial is checked (INVALID_SERIAL), resolved once to the device identity that keys
// the lock, and the receipt's clock starts only once the lock is held. Against a fake device; the same rules
// against the real adb server are in test/integration/device-identity.test.ts.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReceiptSchema, type Receipt } from '../../shared/receipts';
import { DeviceLocks } from '../device/lock';
import type { DeviceLinks } from './device-link';
import { createExecutor } from './executor';
import { FakeChannel, FakeInput, fakeLink } from '../../test/support/fake-device';

let dir: string;
let locks: DeviceLocks;
let journaled: Receipt[];
let input: FakeInput;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-exec-entry-'));
  locks = new DeviceLocks({ dir });
  journaled = [];
  input = new FakeInput();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** One phone, reachable over USB and over Wi-Fi, as adb would resolve its names. */
const PHONE = 'R58M1234ABC';
const names: Record<string, { identity: string; serial: string }> = {
  [PHONE]: { identity: PHONE, serial: PHONE },
  'model:Pixel_8': { identity: PHONE, serial: PHONE },
  '192.168.1.5:5555': { identity: PHONE, serial: '192.168.1.5:5555' },
  '192.168.1.5:05555': { identity: PHONE, serial: '192.168.1.5:5555' },
};

function executor(links: Partial<DeviceLinks> = {}) {
  return createExecutor({
    links: { open: async () => fakeLink(new FakeChannel(), input), ...links },
    locks,
    journal: { append: (r) => void journaled.push(r) },
  });
}
const resolving = () =>
  executor({
    resolve: async (serial) => {
      const found = names[serial];
      if (!found) throw Object.assign(new Error(`no device ${JSON.stringify(serial)}`), { code: 'DEVICE_NOT_FOUND' });
      return found;
    },
  });
const wait = { tool: 'wait_for_delay', args: { time_in_ms: 0 } };
const tap = { tool: 'click', args: { target: [500, 500] } };

describe('serial check at the executor entry', () => {
  const bad: Array<[string, string]> = [
    ['a NUL', '\u0000'],
    ['a trailing newline', 'emulator-5554\n'],
    ['a tab inside', 'emulator\t5554'],
    ['the empty string', ''],
    ['256 bytes', 'x'.repeat(256)],
    ['128 two-byte characters', 'é'.repeat(128)],
  ];
  for (const [name, serial] of bad) {
    it(`refuses ${name} with INVALID_SERIAL: nothing dispatched, no lock file, no path in the message`, async () => {
      const r = await executor().run(tap, { serial, owner: 'unit' });
      expect(r).toMatchObject({ status: 'not_started', code: 'INVALID_SERIAL' });
      expect(r.message).not.toContain(dir);
      expect(r.message).not.toMatch(/\p{Cc}/u);
      expect(r.device_serial).not.toMatch(/\p{Cc}/u);
      expect(ReceiptSchema.safeParse(r).success).toBe(true);
      expect(journaled).toHaveLength(1);
      expect(input.contacts).toHaveLength(0);
      expect(readdirSync(dir).filter((n) => n.endsWith('.lock'))).toEqual([]);
    });
  }

  it('accepts a 255-byte serial, and a 200-character one of characters a file name cannot hold, without INTERNAL or a path', async () => {
    for (const serial of ['x'.repeat(255), 's:'.repeat(100), '../'.repeat(66)]) {
      const r = await executor().run(wait, { serial, owner: 'unit' });
      expect(r, serial).toMatchObject({ status: 'observed', code: null, device_serial: serial, device_id: serial });
      expect(JSON.stringify(r)).not.toContain(dir);
    }
  });
});

describe('one lock per device identity', () => {
  it('every name of a held device gets DEVICE_BUSY, naming the holder; nothing is dispatched', async () => {
    const held = locks.acquire({ identity: PHONE, serial: PHONE }, 'holder');
    expect(held.ok).toBe(true);
    for (const name of Object.keys(names)) {
      const r = await resolving().run(tap, { serial: name, owner: 'unit' });
      expect(r, name).toMatchObject({ status: 'not_started', code: 'DEVICE_BUSY' });
      expect(r.message).toContain('holder');
    }
    expect(input.contacts).toHaveLength(0);
    if (held.ok) held.lock.release();
  });

  it("receipts name adb's canonical serial and the identity, not the alias", async () => {
    const r = await resolving().run(wait, { serial: '192.168.1.5:05555', owner: 'unit' });
    expect(r).toMatchObject({ status: 'observed', device_serial: '192.168.1.5:5555', device_id: PHONE });
    expect(ReceiptSchema.safeParse(r).success).toBe(true);
  });

  it('a name adb does not know is DEVICE_NOT_FOUND, for run and for capabilities', async () => {
    expect(await resolving().run(tap, { serial: 'nosuch', owner: 'unit' })).toMatchObject({
      status: 'not_started',
      code: 'DEVICE_NOT_FOUND',
    });
    await expect(resolving().capabilities('nosuch')).rejects.toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    await expect(resolving().capabilities('\u0000')).rejects.toMatchObject({ code: 'INVALID_SERIAL' });
  });
});

describe('receipt time', () => {
  it('started_at is stamped after the lock is taken, not before', async () => {
    let lockedAt = 0;
    const acquire = locks.acquire.bind(locks);
    locks.acquire = (...args: Parameters<DeviceLocks['acquire']>) => {
      const result = acquire(...args);
      // Taking the lock takes a while (another client's stale lock being recovered, a slow disk).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);
      lockedAt = Date.now();
      return result;
    };
    const r = await executor().run(wait, { serial: 'fake-1', owner: 'unit' });
    expect(r.status).toBe('observed');
    expect(Date.parse(r.started_at)).toBeGreaterThanOrEqual(lockedAt);
  });
});
