import { describe, expect, it } from 'vitest';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { filterChoices, filterSteps, NO_CODE, NO_FILTERS, runsOf, scrub } from './timeline-model';

const step = (
  tool: string,
  status: TimelineStep['status'],
  code: string | null,
  run: string | null,
  owner = 'console',
): TimelineStep => ({
  key: `${tool}-${status}-${run}`,
  origin: 'journal',
  at: '2026-12-01T09:00:00.000Z',
  tool,
  status,
  code,
  message: null,
  path: null,
  owner,
  run_id: run,
  operation_id: null,
  receipt: null,
  outcome: status,
  badge: status,
  facts: [],
  evidence: null,
  raw: {},
  line: null,
});
const steps = [
  step('click', 'completed', null, 'r1'),
  step('drag', 'not_started', 'OFF_SCREEN', 'r1'),
  step('action_sequence', 'partial', 'NOT_FOUND', 'r2', 'cli'),
  step('read_control', 'observed', null, 'r2', 'cli'),
];

describe('debugger timeline model', () => {
  it('filters by status, code (including no code), tool and owner', () => {
    expect(filterSteps(steps, { ...NO_FILTERS, status: 'not_started' }).map((s) => s.tool)).toEqual(['drag']);
    expect(filterSteps(steps, { ...NO_FILTERS, code: NO_CODE }).map((s) => s.tool)).toEqual(['click', 'read_control']);
    expect(filterSteps(steps, { ...NO_FILTERS, owner: 'cli', tool: 'read_control' })).toHaveLength(1);
    expect(filterChoices(steps).code).toEqual(['NOT_FOUND', 'OFF_SCREEN', NO_CODE]);
  });

  it('summarizes runs with counts and their worst outcome', () => {
    expect(runsOf(steps).map((r) => [r.run_id, r.count, r.outcome])).toEqual([
      ['r1', 2, 'not_started'],
      ['r2', 2, 'partial'],
    ]);
  });

  it('scrubs with the arrows, Home and End, never past either end', () => {
    expect(scrub('ArrowRight', 3, 4)).toBe(3);
    expect(scrub('ArrowLeft', 0, 4)).toBe(0);
    expect(scrub('End', 0, 4)).toBe(3);
    expect(scrub('Home', 2, 4)).toBe(0);
    expect(scrub('x', 2, 4)).toBeNull();
    expect(scrub('End', 0, 0)).toBeNull();
  });
});
