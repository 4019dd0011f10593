// Where Tactile's schema is deliberately stricter than the seed's JSON Schema (000_58171f39be226953.txt).
// Each entry states a constraint the seed's own description implies but its schema does not encode.
// The conformance suite (test/conformance/seed-oracle.test.ts) checks that a seed-valid call is refused
// by the schema layer only at these places; README's CLI section lists them too.
import * as B from './bounds';
import type { ToolName } from './registry';

export interface Tightening {
  /** '*' for every tool. */
  tool: ToolName | '*';
  /** constraint: a bound at `path`; unknown-key and safe-integer apply wherever they occur. */
  kind: 'constraint' | 'unknown-key' | 'safe-integer';
  /** JSON Pointer into the envelope; '*' matches one segment (an array index). */
  path: string;
  rule: string;
  /** The upper bound, for the bounds this entry sets (README's Bounds table). */
  max?: number;
}

const point = (tool: ToolName, pointer: string): Tightening => ({
  tool,
  kind: 'constraint',
  path: `/args/${pointer}`,
  rule: 'exactly two integers [x, y] (seed: an integer array of any length)',
});
const range = (tool: ToolName, field: string, min: number, max: number, why: string): Tightening => ({
  tool,
  kind: 'constraint',
  path: `/args/${field}`,
  rule: `${min}..${max} (seed: any integer); ${why}`,
  max,
});
const bounded = (tool: ToolName, field: string, max: number, unit: string, why: string): Tightening => ({
  tool,
  kind: 'constraint',
  path: `/args/${field}`,
  rule: `at most ${max} ${unit} (seed: unbounded); ${why}`,
  max,
});

const MEMBER = 'as a sequence member allows';

export const SEED_TIGHTENINGS: readonly Tightening[] = [
  {
    tool: '*',
    kind: 'unknown-key',
    path: '/args/*',
    rule: 'unknown top-level argument keys are refused (seed: allowed at the top level)',
  },
  {
    tool: '*',
    kind: 'safe-integer',
    path: '**',
    rule: 'integers must be safe integers, |n| ≤ 2^53−1 (seed: any integer)',
  },
  {
    tool: '*',
    kind: 'constraint',
    path: '/tool',
    rule: `at most ${B.MAX_TOOL_NAME} characters (the name is echoed in errors)`,
    max: B.MAX_TOOL_NAME,
  },
  point('drag', 'start'),
  point('drag', 'end'),
  point('click', 'target'),
  point('click_sequence', 'sequence/*'),
  point('long_press', 'target'),
  point('input_text', 'target'),
  point('swipe', 'start'),
  point('swipe', 'end'),
  point('focus_and_clear_text', 'target'),
  range('drag', 'duration_ms', 1, B.MAX_GESTURE_MS, `${MEMBER} (DragStep)`),
  range('click', 'times', 1, B.MAX_TAPS, `${MEMBER} (ClickStep)`),
  range('click', 'delay_ms', 0, B.MAX_TAP_DELAY_MS, `${MEMBER} (ClickStep)`),
  range('click_sequence', 'delay_ms', 0, B.MAX_TAP_DELAY_MS, `${MEMBER} (ClickStep)`),
  range('long_press', 'duration_ms', 1, B.MAX_GESTURE_MS, `${MEMBER} (DragStep, PinchStep)`),
  range('swipe', 'duration_ms', 1, B.MAX_GESTURE_MS, `${MEMBER} (DragStep, PinchStep)`),
  range(
    'wait_for_delay',
    'time_in_ms',
    0,
    B.MAX_DELAY_MS,
    '5 minutes, the longest pause seed 001 gives as an example; cancellable',
  ),
  range('wait_for_text', 'timeout_ms', 1, B.MAX_TIMEOUT_MS, "wait_until's maximum"),
  range('observe_screen', 'settle_ms', 0, B.MAX_SETTLE_MS, "scroll_to's settle maximum"),
  range('take_screenshot', 'timeout_ms', 1, B.MAX_TIMEOUT_MS, "wait_until's maximum"),
  range('get_ui_hierarchy', 'timeout_ms', 1, B.MAX_TIMEOUT_MS, "wait_until's maximum"),
  bounded('click_sequence', 'sequence', B.MAX_BURST_POINTS, 'points', 'one burst stays within seconds'),
  bounded(
    'action_sequence',
    'steps',
    B.MAX_SEQUENCE_MEMBERS,
    'members',
    'whatever max_burst_actions says (TOO_MANY_MEMBERS below it)',
  ),
  bounded('input_text', 'text', B.MAX_INPUT_TEXT, 'UTF-16 units', "control_action's text maximum"),
  bounded('wait_for_text', 'text', B.MAX_MATCH_TEXT, 'UTF-16 units', "a ControlSelector's text maximum"),
  bounded('open_link', 'url', B.MAX_URL, 'UTF-16 units', 'longer than any URL an intent carries'),
  bounded('manage_app', 'app_name', B.MAX_NAME, 'UTF-16 units', "the seed's limit for names and ids"),
  bounded('click', 'expected_resource_id', B.MAX_NAME, 'UTF-16 units', "the seed's limit for resource ids"),
  bounded('drag', 'target_description', B.MAX_NAME, 'UTF-16 units', "the seed's limit for descriptions"),
  bounded('drag', 'require_visible', B.MAX_NAME, 'UTF-16 units', "the seed's limit for resource ids"),
  bounded(
    'action_sequence',
    'steps/*/target_description',
    B.MAX_NAME,
    'UTF-16 units',
    "DragStep and EnsureVisibleStep descriptions, like every other member's",
  ),
  {
    tool: 'press_key',
    kind: 'constraint',
    path: '/args/key',
    rule: 'one of the keys the seed describes: home, back, enter, delete, tab, search, menu, app_switch',
  },
  { tool: 'manage_app', kind: 'constraint', path: '/args/action', rule: 'launch or stop, as the seed describes' },
  {
    tool: 'wait_for_text',
    kind: 'constraint',
    path: '/args/wait_state',
    rule: 'appear or disappear, as the seed describes',
  },
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
