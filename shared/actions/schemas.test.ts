import { describe, expect, it } from 'vitest';
import { TOOL_NAMES, parseToolArgs, toolSchemas, type ToolName } from './index';

const sel = { resource_id: 'app:id/seek' };

/** The smallest valid args of every tool. */
const minimal: Record<ToolName, Record<string, unknown>> = {
  action_sequence: { steps: [] },
  drag: { start: [10, 10], target_description: 'knob', end: [20, 10] },
  click: { target: [500, 500] },
  click_sequence: { sequence: [[1, 2]] },
  long_press: { target: [500, 500] },
  input_text: { text: 'hi' },
  swipe: { start: [500, 800], end: [500, 200] },
  press_key: { key: 'back' },
  manage_app: { action: 'launch', app_name: 'Clock' },
  wait_for_delay: { time_in_ms: 0 },
  wait_for_text: { text: 'Done' },
  open_link: { url: 'https://example.org' },
  erase_one_char: {},
  focus_and_clear_text: { target: [1, 2] },
  pinch: { center: [500, 500], start_span: 100, end_span: 300, target_description: 'map' },
  touch_gesture: {
    frames: [
      { at_ms: 0, points: [[1, 1]] },
      { at_ms: 10, points: [[2, 2]] },
    ],
    target_description: 'canvas',
  },
  read_control: { selector: sel },
  control_action: { selector: sel, action: 'click' },
  wait_until: { selector: sel, state: 'visible' },
  scroll_to: { container: sel, target: { text: 'Item 40' } },
  observe_screen: {},
  take_screenshot: {},
  get_ui_hierarchy: {},
};

function set(obj: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(obj);
  let cur: Record<string | number, unknown> = copy;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  cur[path[path.length - 1]!] = value;
  return copy;
}

const step = {
  click: { action: 'click', target: [1, 2], target_description: 'plus' },
  wait: { action: 'wait', time_in_ms: 5 },
  ensure: { action: 'ensure_visible', target: 'a:id/panel', opener: 'a:id/open', target_description: 'panel' },
  waitUntil: { action: 'wait_until', selector: sel, state: 'stable' },
};

// [tool, base args, path, accepted edge value, refused value just past it]
const bounds: Array<[ToolName, Record<string, unknown>, (string | number)[], unknown, unknown]> = [
  ['pinch', minimal.pinch, ['start_span'], 1, 0],
  ['pinch', minimal.pinch, ['end_span'], 20000, 20001],
  ['pinch', minimal.pinch, ['angle_degrees'], -360, -360.5],
  ['pinch', minimal.pinch, ['rotation_degrees'], 360, 360.001],
  ['pinch', minimal.pinch, ['duration_ms'], 10000, 10001],
  ['pinch', minimal.pinch, ['duration_ms'], 1, 0],
  ['pinch', minimal.pinch, ['target_description'], 'x'.repeat(512), 'x'.repeat(513)],
  ['pinch', minimal.pinch, ['target_description'], 'x', ''],
  ['touch_gesture', minimal.touch_gesture, ['frames', 1, 'at_ms'], 10000, 10001],
  ['touch_gesture', minimal.touch_gesture, ['frames', 0, 'at_ms'], 0, -1],
  [
    'touch_gesture',
    minimal.touch_gesture,
    ['frames', 0, 'points'],
    [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
    ],
    [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ],
  ],
  ['touch_gesture', minimal.touch_gesture, ['frames', 0, 'points'], [[1, 1]], []],
  [
    'touch_gesture',
    minimal.touch_gesture,
    ['frames'],
    Array.from({ length: 32 }, (_, i) => ({ at_ms: i, points: [[1, 1]] })),
    Array.from({ length: 33 }, (_, i) => ({ at_ms: i, points: [[1, 1]] })),
  ],
  [
    'touch_gesture',
    minimal.touch_gesture,
    ['frames'],
    Array.from({ length: 2 }, (_, i) => ({ at_ms: i, points: [[1, 1]] })),
    [{ at_ms: 0, points: [[1, 1]] }],
  ],
  ['wait_until', minimal.wait_until, ['timeout_ms'], 30000, 30001],
  ['wait_until', minimal.wait_until, ['poll_interval_ms'], 50, 49],
  ['wait_until', minimal.wait_until, ['stable_ms'], 5000, 5001],
  ['wait_until', minimal.wait_until, ['tolerance'], 0, -0.001],
  ['wait_until', minimal.wait_until, ['expected_text'], 'x'.repeat(4096), 'x'.repeat(4097)],
  ['scroll_to', minimal.scroll_to, ['max_scrolls'], 20, 21],
  ['scroll_to', minimal.scroll_to, ['settle_ms'], 50, 49],
  ['scroll_to', minimal.scroll_to, ['timeout_ms'], 30000, 30001],
  ['control_action', minimal.control_action, ['text'], 'x'.repeat(65536), 'x'.repeat(65537)],
  ['control_action', minimal.control_action, ['verify_timeout_ms'], 3000, 3001],
  ['control_action', minimal.control_action, ['selection_start'], 0, -1],
  ['control_action', minimal.control_action, ['expected_token'], 'a'.repeat(64), 'A'.repeat(64)],
  ['control_action', minimal.control_action, ['expected_token'], 'f'.repeat(64), 'f'.repeat(63)],
  ['read_control', minimal.read_control, ['selector', 'resource_id'], 'x'.repeat(512), 'x'.repeat(513)],
  ['read_control', minimal.read_control, ['selector', 'text'], '', 'x'.repeat(4097)],
  ['read_control', minimal.read_control, ['selector', 'content_desc'], 'x', ''],
  ['read_control', minimal.read_control, ['selector', 'bounds'], [0, 0, 10, 10], [0, 0, 10]],
  [
    'drag',
    minimal.drag,
    ['calibration'],
    {
      axis: 'x',
      mode: 'thumb',
      anchors: [
        { position: 1, value: 1 },
        { position: 2, value: 2 },
      ],
      target_value: 1,
      min_movement_px: 0.001,
    },
    {
      axis: 'x',
      mode: 'thumb',
      anchors: [
        { position: 1, value: 1 },
        { position: 2, value: 2 },
      ],
      target_value: 1,
      min_movement_px: 0,
    },
  ],
  [
    'drag',
    minimal.drag,
    ['calibration'],
    {
      axis: 'y',
      mode: 'pan',
      anchors: [
        { position: 1, value: 1 },
        { position: 2, value: 2 },
      ],
      target_value: 1,
      tolerance: 0,
    },
    { axis: 'y', mode: 'pan', anchors: [{ position: 1, value: 1 }], target_value: 1 },
  ],
  [
    'drag',
    minimal.drag,
    ['feedback'],
    { selector: sel, value_format: 'clock', target_value: 1, tolerance: 0, stable_ms: 100, timeout_ms: 10000 },
    { selector: sel, value_format: 'clock', target_value: 1, tolerance: 0, stable_ms: 99 },
  ],
  [
    'drag',
    minimal.drag,
    ['feedback'],
    { selector: sel, value_format: 'range', target_value: 1, tolerance: 0, timeout_ms: 200 },
    { selector: sel, value_format: 'range', target_value: 1, tolerance: 0, timeout_ms: 10001 },
  ],
  ['drag', minimal.drag, ['duration_ms'], 1, 0],
  ['click', minimal.click, ['times'], 1, 0],
  ['click', minimal.click, ['target'], [0, 0], [0, 0, 0]],
  ['action_sequence', { steps: [step.click] }, ['steps', 0, 'times'], 10, 11],
  ['action_sequence', { steps: [step.click] }, ['steps', 0, 'delay_ms'], 1000, 1001],
  ['action_sequence', { steps: [step.click] }, ['steps', 0, 'target'], 'x'.repeat(512), 'x'.repeat(513)],
  ['action_sequence', { steps: [step.click] }, ['steps', 0, 'target'], [5, 5], [5.5, 5]],
  ['action_sequence', { steps: [step.wait] }, ['steps', 0, 'time_in_ms'], 10000, 10001],
  ['action_sequence', { steps: [step.ensure] }, ['steps', 0, 'timeout_ms'], 100, 99],
  ['action_sequence', { steps: [step.waitUntil] }, ['steps', 0, 'timeout_ms'], 3000, 3001],
  [
    'action_sequence',
    { steps: [{ action: 'control_action', request: { selector: sel, action: 'set_text', text: '' } }] },
    ['steps', 0, 'request', 'text'],
    'x'.repeat(1024),
    'x'.repeat(1025),
  ],
  ['press_key', minimal.press_key, ['key'], 'app_switch', 'APP_SWITCH'],
  ['wait_for_text', minimal.wait_for_text, ['wait_state'], 'disappear', 'vanish'],
];

describe('tool schemas', () => {
  it('cover the 23 seed tools', () => {
    expect(TOOL_NAMES).toHaveLength(23);
    expect(Object.keys(toolSchemas).sort()).toEqual([...TOOL_NAMES].sort());
  });

  it.each(TOOL_NAMES)('%s accepts its minimal args and refuses an unknown key', (tool) => {
    expect(parseToolArgs(tool, minimal[tool]).ok).toBe(true);
    const r = parseToolArgs(tool, { ...minimal[tool], bogus: 1 });
    expect(r).toEqual({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/args/bogus', message: expect.stringContaining('bogus') }],
    });
  });

  it.each(bounds.map((b, i) => [i, ...b] as const))(
    '#%i %s %j: edge accepted, one past refused at that path',
    (_i, tool, base, path, edge, past) => {
      expect(parseToolArgs(tool, set(base, path, edge))).toMatchObject({ ok: true });
      const refused = parseToolArgs(tool, set(base, path, past));
      expect(refused.ok).toBe(false);
      const at = '/args/' + path.join('/');
      if (!refused.ok) expect(refused.errors.some((e) => e.path === at || e.path.startsWith(at + '/'))).toBe(true);
    },
  );

  it('fills every default', () => {
    const r = parseToolArgs('wait_until', minimal.wait_until);
    expect(r).toEqual({
      ok: true,
      call: {
        tool: 'wait_until',
        args: {
          selector: {
            resource_id: 'app:id/seek',
            text: null,
            content_desc: null,
            class_name: null,
            package_name: null,
            bounds: null,
          },
          state: 'visible',
          expected_text: null,
          expected_value: null,
          tolerance: 0,
          stable_ms: 300,
          timeout_ms: 5000,
          poll_interval_ms: 200,
        },
      },
    });
    const s = parseToolArgs('action_sequence', { steps: [step.click, step.waitUntil] });
    expect(s.ok && s.call.tool === 'action_sequence' && s.call.args).toMatchObject({
      feedback: null,
      steps: [
        { coordinate_space: 'normalized', times: 1, delay_ms: 100, unless_visible: null },
        { timeout_ms: 1500, stable_ms: 300, poll_interval_ms: 200, tolerance: 0 },
      ],
    });
  });

  it('takes null for every nullable and refuses null where the seed has no null', () => {
    expect(
      parseToolArgs('drag', {
        ...minimal.drag,
        end: null,
        region: null,
        feedback: null,
        calibration: null,
        require_visible: null,
      }).ok,
    ).toBe(true);
    expect(parseToolArgs('take_screenshot', { timeout_ms: null }).ok).toBe(true);
    expect(parseToolArgs('pinch', { ...minimal.pinch, angle_degrees: null }).ok).toBe(false);
    expect(parseToolArgs('input_text', { text: null }).ok).toBe(false);
  });

  it('keeps DragStep without feedback and the drag tool with it', () => {
    const drag = { start: [1, 1], end: [2, 2], target_description: 'knob' };
    const fb = { selector: sel, value_format: 'number', target_value: 3, tolerance: 1 };
    expect(parseToolArgs('drag', { ...drag, feedback: fb }).ok).toBe(true);
    const r = parseToolArgs('action_sequence', { steps: [{ ...drag, action: 'drag', feedback: fb }] });
    expect(r).toMatchObject({ ok: false, errors: [{ path: '/args/steps/0/feedback' }] });
    expect(parseToolArgs('action_sequence', { steps: [], feedback: fb }).ok).toBe(true);
  });

  it('refuses unknown keys inside $defs objects too', () => {
    expect(parseToolArgs('read_control', { selector: { ...sel, id: 'x' } })).toMatchObject({
      ok: false,
      errors: [{ path: '/args/selector/id' }],
    });
  });
});
