// The repeated-strategy guard across separate `tactile run` calls: each call is a new executor (a new
// process in the product), sharing only the lock directory. Its memory must survive; a new task resets it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLocks } from '../device/lock';
import { createExecutor } from './executor';
import type { RunOptions } from './pipeline';
import { FakeChannel, FakeInput, fakeLink, rid } from '../../test/support/fake-device';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-guard-runs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const drag = (end: [number, number]) => ({
  tool: 'drag',
  args: {
    start: [100, 500],
    end,
    target_description: 'timeline',
    duration_ms: 50,
    // The clock never moves: no drag reduces the error.
    feedback: {
      selector: { resource_id: rid('clock') },
      value_format: 'clock',
      target_value: 120,
      tolerance: 1,
      stable_ms: 100,
      timeout_ms: 400,
    },
  },
});

/** One `tactile run`: a fresh executor over the same device and lock directory. */
function tactileRun(input: FakeInput, end: [number, number], opts: Partial<RunOptions> = {}) {
  const ex = createExecutor({
    links: { open: async () => fakeLink(new FakeChannel(), input) },
    locks: new DeviceLocks({ dir }),
    journal: { append: () => undefined },
  });
  return ex.run(drag(end), { serial: 'fake-1', owner: 'cli', ...opts });
}

describe('repeated-strategy guard across runs', () => {
  it('refuses the third unchanged attempt made by a third process of the same owner', async () => {
    const input = new FakeInput();
    expect((await tactileRun(input, [110, 500])).status).toBe('completed');
    expect((await tactileRun(input, [111, 500])).status).toBe('completed');
    const third = await tactileRun(input, [110, 500]);
    expect(third).toMatchObject({ status: 'not_started', code: 'STRATEGY_REPEATED' });
    expect(input.contacts).toHaveLength(2);
  });

  it('another owner is judged on its own attempts; a new task of the owner starts afresh', async () => {
    const input = new FakeInput();
    await tactileRun(input, [110, 500]);
    await tactileRun(input, [110, 500]);
    expect((await tactileRun(input, [110, 500], { owner: 'console' })).status).toBe('completed');
    expect((await tactileRun(input, [110, 500], { newTask: true })).status).toBe('completed');
    expect(input.contacts).toHaveLength(4);
  });
});
