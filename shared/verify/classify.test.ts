// Seed 004's eight classification rules, in order: one row per rule, plus the order between them.
import { describe, expect, it } from 'vitest';
import { parseToolArgs } from '../actions';
import { classifyActionOutcome, type ClassifyInput } from './classify';

const ok = { endpoint: 'https://api.tactile.lab/sync', method: 'GET', statusCode: 200, status: 'success' };
const notFound = { ...ok, statusCode: 404, status: 'failure' };
const timeout = { ...ok, statusCode: null, networkError: 'timeout', status: 'retryable' };

const rows: Array<[rule: number, input: ClassifyInput, outcome: string]> = [
  [1, { uiChanged: true, actionType: 'tap', networkRequests: [notFound] }, 'success'],
  [1, { uiChanged: false, expectedElementVisible: true }, 'success'],
  [2, { uiChanged: false }, 'unknown'],
  [3, { uiChanged: false, actionType: 'adjust_control', networkRequests: [ok, notFound] }, 'backend_failure'],
  [3, { actionType: 'tap', networkRequests: [timeout] }, 'backend_failure'],
  [4, { uiChanged: false, actionType: 'type_text' }, 'no_op'],
  [4, { uiChanged: false, actionType: 'adjust_control', networkRequests: [ok] }, 'no_op'],
  [5, { uiChanged: false, actionType: 'tap_element' }, 'unknown'],
  [6, { uiChanged: false, actionType: 'tap_element', networkRequests: [] }, 'no_op'],
  [6, { uiChanged: false, actionType: 'some_custom_action' }, 'no_op'],
  [7, { uiChanged: false, actionType: 'tap', networkRequests: [ok, ok] }, 'ui_failure'],
  [8, { uiChanged: false, actionType: 'tap', networkRequests: [ok, { ...ok, status: 'pending' }] }, 'unknown'],
];

describe('classify_action_outcome', () => {
  it.each(rows)('rule %i', (rule, input, outcome) => {
    expect(classifyActionOutcome(input)).toMatchObject({ rule, outcome });
    // The same input passes the tool's schema, so an agent can reach every row.
    expect(parseToolArgs('classify_action_outcome', input).ok).toBe(true);
  });

  it('every rule is reached', () => {
    expect(new Set(rows.map(([r]) => r))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
  });

  it('backend_failure names the failing endpoint', () => {
    expect(classifyActionOutcome({ actionType: 'tap', networkRequests: [ok, notFound] }).failing_request).toEqual(
      notFound,
    );
  });
});
