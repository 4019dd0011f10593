import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../shared/evidence';
import { durationWords, filterRuns, runRow } from './run-words';

const run = (over: Partial<RunSummary>): RunSummary => ({
  run_id: 'cli-nightly',
  source: 'cli',
  name: 'nightly',
  owner: { pid: 1, hostname: 'h', client: 'cli' },
  devices: ['emulator-5554'],
  started_at: '2026-12-01T09:00:00.000Z',
  finished_at: '2026-12-01T09:00:12.500Z',
  receipts: 4,
  counts: { completed: 3, observed: 1, partial: 0, not_started: 0, cancelled: 0, unknown: 0 },
  with_code: 0,
  outcome: 'completed',
  ...over,
});

describe('run list words', () => {
  it('names the client, device, name, steps, outcome and duration', () => {
    const row = runRow(run({}), new Date('2026-12-01T10:00:00.000Z'));
    expect(row).toMatchObject({
      client: 'cli',
      device: 'emulator-5554',
      name: 'nightly',
      steps: 4,
      outcome: 'completed',
      duration: '12.5 s',
    });
    const agent = runRow(
      run({
        run_id: 'mcp-s1',
        source: 'mcp',
        name: 'claude',
        owner: { pid: 1, hostname: 'h', client: 'agent:claude' },
      }),
    );
    expect(agent.client).toBe('mcp agent claude');
    const flow = runRow(
      run({
        run_id: 'flow-x',
        source: 'flow',
        name: 'Play and check',
        owner: { pid: 1, hostname: 'h', client: 'console' },
      }),
    );
    expect(flow.words).toContain('Play and check');
    expect(flow.client).toBe('flow replay (console)');
  });

  it('filters on every word given, across the columns and the run id', () => {
    const rows = [
      runRow(run({})),
      runRow(
        run({
          run_id: 'mcp-s1',
          source: 'mcp',
          name: 'claude',
          owner: { pid: 1, hostname: 'h', client: 'agent:claude' },
          outcome: 'failed',
        }),
      ),
    ];
    expect(filterRuns(rows, 'claude failed').map((r) => r.run_id)).toEqual(['mcp-s1']);
    expect(filterRuns(rows, 'nightly').map((r) => r.run_id)).toEqual(['cli-nightly']);
    expect(filterRuns(rows, '  ')).toHaveLength(2);
  });

  it('says durations in the unit that reads', () => {
    expect(durationWords(420)).toBe('420 ms');
    expect(durationWords(75_000)).toBe('1 min 15 s');
  });
});
