// Issue 10, "Found 2", at the executor: each request that used to freeze, crash or lie is refused before the
// lock, with INVALID_ARGUMENT at its JSON Pointer, and nothing reaches the device.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLocks } from '../device/lock';
import { createExecutor } from './executor';
import { FakeChannel, FakeInput, fakeLink } from '../../test/support/fake-device';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-bounds-unit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('unbounded requests of issue 10', () => {
  it.each([
    ['click.times 2^53−1', { tool: 'click', args: { target: [500, 500], times: 9007199254740991 } }, '/args/times'],
    ['click.times 1e6', { tool: 'click', args: { target: [500, 500], times: 1e6 } }, '/args/times'],
    [
      'swipe.duration_ms 2^53−1',
      { tool: 'swipe', args: { start: [100, 100], end: [900, 900], duration_ms: 2 ** 53 - 1 } },
      '/args/duration_ms',
    ],
    [
      'long_press.duration_ms 2^53−1',
      { tool: 'long_press', args: { target: [500, 500], duration_ms: 2 ** 53 - 1 } },
      '/args/duration_ms',
    ],
    ['wait_for_delay 2147483648', { tool: 'wait_for_delay', args: { time_in_ms: 2147483648 } }, '/args/time_in_ms'],
    ['5,000 nesting levels', { tool: 'click', args: { target: JSON.parse('['.repeat(5000) + ']'.repeat(5000)) } }, ''],
  ])('%s: not_started INVALID_ARGUMENT, nothing dispatched', async (_name, envelope, path) => {
    const input = new FakeInput();
    const journaled: unknown[] = [];
    const ex = createExecutor({
      links: { open: async () => fakeLink(new FakeChannel(), input) },
      locks: new DeviceLocks({ dir }),
      journal: { append: (r) => void journaled.push(r) },
    });
    const r = await ex.run(envelope, { serial: 'fake-1', owner: 'unit' });
    expect(r).toMatchObject({ status: 'not_started', code: 'INVALID_ARGUMENT', path });
    expect(input.contacts).toHaveLength(0);
    expect(() => JSON.stringify(journaled)).not.toThrow();
  });
});
