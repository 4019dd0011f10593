// Where Tactile's schema is deliberately stricter than the seed's JSON Schema (000_58171f39be226953.txt).
// Each entry states a constraint the seed's own description implies but its schema does not encode.
// The conformance suite (test/conformance/seed-oracle.test.ts) checks that a seed-valid call is refused
// by the schema layer only at these places; README's CLI section lists them too.
import type { ToolName } from './registry';

export interface Tightening {
  /** '*' for every tool. */
  tool: ToolName | '*';
  /** constraint: a bound at `path`; unknown-key and safe-integer apply wherever they occur. */
  kind: 'constraint' | 'unknown-key' | 'safe-integer';
  /** JSON Pointer into the envelope; '*' matches one segment (an array index). */
  path: string;
  rule: string;
}

const positive = (tool: ToolName, field: string): Tightening => ({ tool, kind: 'constraint', path: `/args/${field}`, rule: 'at least 1 (seed: any integer)' });
const nonNegative = (tool: ToolName, field: string): Tightening => ({ tool, kind: 'constraint', path: `/args/${field}`, rule: 'at least 0 (seed: any integer)' });
const point = (tool: ToolName, pointer: string): Tightening => ({ tool, kind: 'constraint', path: `/args/${pointer}`, rule: 'exactly two integers [x, y] (seed: an integer array of any length)' });

export const SEED_TIGHTENINGS: readonly Tightening[] = [
  { tool: '*', kind: 'unknown-key', path: '/args/*', rule: 'unknown top-level argument keys are refused (seed: allowed at the top level)' },
  { tool: '*', kind: 'safe-integer', path: '**', rule: 'integers must be safe integers, |n| ≤ 2^53−1 (seed: any integer)' },
  point('drag', 'start'),
  point('drag', 'end'),
  point('click', 'target'),
  point('click_sequence', 'sequence/*'),
  point('long_press', 'target'),
  point('input_text', 'target'),
  point('swipe', 'start'),
  point('swipe', 'end'),
  point('focus_and_clear_text', 'target'),
  positive('drag', 'duration_ms'),
  positive('click', 'times'),
  nonNegative('click', 'delay_ms'),
  nonNegative('click_sequence', 'delay_ms'),
  positive('long_press', 'duration_ms'),
  positive('swipe', 'duration_ms'),
  nonNegative('wait_for_delay', 'time_in_ms'),
  positive('wait_for_text', 'timeout_ms'),
  nonNegative('observe_screen', 'settle_ms'),
  positive('take_screenshot', 'timeout_ms'),
  positive('get_ui_hierarchy', 'timeout_ms'),
  { tool: 'press_key', kind: 'constraint', path: '/args/key', rule: 'one of the keys the seed describes: home, back, enter, delete, tab, search, menu, app_switch' },
  { tool: 'manage_app', kind: 'constraint', path: '/args/action', rule: 'launch or stop, as the seed describes' },
  { tool: 'wait_for_text', kind: 'constraint', path: '/args/wait_state', rule: 'appear or disappear, as the seed describes' },
];

/** Does an error path fall under a constraint tightening of this tool? */
export function isTightenedPath(tool: ToolName, path: string): boolean {
  const segs = path.split('/');
  return SEED_TIGHTENINGS.some((t) => {
    if (t.kind !== 'constraint' || (t.tool !== '*' && t.tool !== tool)) return false;
    const pattern = t.path.split('/');
    return pattern.length === segs.length && pattern.every((p, i) => p === '*' || p === segs[i]);
  });
}
