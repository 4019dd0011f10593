// Every validation code: one case that triggers it and a nearby case that does not.
import { describe, expect, it } from 'vitest';
import { validateToolCall, type ValidationContext } from './index';
import { VALIDATION_CODES, type ValidationCode } from '../errors';

const screen = { width: 1080, height: 2400 };
const sel = { resource_id: 'app:id/seek' };
const tg = (frames: Array<{ at_ms: number; points: number[][] }>, extra: object = {}) => ({
  tool: 'touch_gesture',
  args: { target_description: 'canvas', frames, ...extra },
});
const thumb = {
  axis: 'x',
  mode: 'thumb',
  anchors: [
    { position: 100, value: 0 },
    { position: 900, value: 100 },
  ],
  target_value: 37,
};
const pan = {
  axis: 'x',
  mode: 'pan',
  anchors: [
    { position: 200, value: 60 },
    { position: 600, value: 100 },
  ],
  target_value: 75.33,
  indicator_position: 540,
};
const pixelDrag = (calibration: object) => ({
  tool: 'drag',
  args: { start: [540, 1500], coordinate_space: 'pixel', target_description: 'timeline', calibration },
});
const seq = (steps: object[], extra: object = {}) => ({ tool: 'action_sequence', args: { steps, ...extra } });
const wait = { action: 'wait', time_in_ms: 10 };
const setText = (text: string) => ({
  action: 'control_action',
  request: { selector: { resource_id: 'app:id/field', text }, action: 'click' },
});

/** A valid sequence whose args, as compact JSON, are exactly `length` characters long (≥ 12,500). */
function streamOf(length: number) {
  const steps = [setText('x'.repeat(4000)), setText('x'.repeat(4000)), setText('x'.repeat(4000)), setText('')];
  const base = JSON.stringify({ steps }).length;
  steps[3] = setText('x'.repeat(length - base));
  if (JSON.stringify({ steps }).length !== length) throw new Error(`streamOf(${length}) missed its length`);
  return seq(steps);
}

interface Case {
  name: string;
  envelope: unknown;
  ctx?: ValidationContext;
  /** The code expected at `path`, or null for a case that must pass. */
  expect: { code: ValidationCode; path: string } | null;
}

const cases: Record<ValidationCode, Case[]> = {
  INVALID_ARGUMENT: [
    { name: 'a non-object envelope', envelope: 42, expect: { code: 'INVALID_ARGUMENT', path: '' } },
    {
      name: 'set_progress without value',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'set_progress' } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/value' },
    },
    {
      name: 'set_progress with value',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'set_progress', value: 3 } },
      expect: null,
    },
    {
      name: 'click with text',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'click', text: 'x' } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/text' },
    },
    {
      name: 'set_text with empty text',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'set_text', text: '' } },
      expect: null,
    },
    {
      name: 'set_text with a value',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'set_text', text: 'a', value: 1 } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/value' },
    },
    {
      name: 'set_selection without its end',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'set_selection', selection_start: 1 } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/selection_end' },
    },
    {
      name: 'set_selection with both ends',
      envelope: {
        tool: 'control_action',
        args: { selector: sel, action: 'set_selection', selection_start: 1, selection_end: 3 },
      },
      expect: null,
    },
    {
      name: 'replace_selection without text',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'replace_selection' } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/text' },
    },
    {
      name: 'replace_selection with one end',
      envelope: {
        tool: 'control_action',
        args: { selector: sel, action: 'replace_selection', text: 'x', selection_end: 2 },
      },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/selection_start' },
    },
    {
      name: 'replace_selection with text only',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'replace_selection', text: 'x' } },
      expect: null,
    },
    {
      name: 'focus with a selection',
      envelope: { tool: 'control_action', args: { selector: sel, action: 'focus', selection_start: 0 } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/selection_start' },
    },
    {
      name: 'ensure_state text without expected_text',
      envelope: {
        tool: 'control_action',
        args: { selector: sel, action: 'click', ensure_state: { state: 'content_desc' } },
      },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/ensure_state/expected_text' },
    },
    {
      name: 'ensure_state content_desc with expected_text',
      envelope: {
        tool: 'control_action',
        args: { selector: sel, action: 'click', ensure_state: { state: 'content_desc', expected_text: '播放' } },
      },
      expect: null,
    },
    {
      name: 'ensure_state value without expected_value',
      envelope: {
        tool: 'control_action',
        args: { selector: sel, action: 'click', ensure_state: { state: 'value', tolerance: 1 } },
      },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/ensure_state/expected_value' },
    },
    {
      name: 'ensure_state checked with expected_text',
      envelope: {
        tool: 'control_action',
        args: { selector: sel, action: 'click', ensure_state: { state: 'checked', expected_text: 'on' } },
      },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/ensure_state/expected_text' },
    },
    {
      name: 'ensure_state checked with a tolerance',
      envelope: {
        tool: 'control_action',
        args: { selector: sel, action: 'click', ensure_state: { state: 'checked', tolerance: 2 } },
      },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/ensure_state/tolerance' },
    },
    {
      name: 'wait_until text without expected_text',
      envelope: { tool: 'wait_until', args: { selector: sel, state: 'text' } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/expected_text' },
    },
    {
      name: 'wait_until value without expected_value',
      envelope: { tool: 'wait_until', args: { selector: sel, state: 'value' } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/expected_value' },
    },
    {
      name: 'wait_until value with expected_value',
      envelope: { tool: 'wait_until', args: { selector: sel, state: 'value', expected_value: 5, tolerance: 0.5 } },
      expect: null,
    },
    {
      name: 'a region with left = right',
      envelope: tg(
        [
          { at_ms: 0, points: [[5, 5]] },
          { at_ms: 9, points: [[6, 6]] },
        ],
        { region: [5, 0, 5, 10] },
      ),
      expect: { code: 'INVALID_ARGUMENT', path: '/args/region' },
    },
    {
      name: 'a one-unit region',
      envelope: tg(
        [
          { at_ms: 0, points: [[5, 5]] },
          { at_ms: 9, points: [[5, 5]] },
        ],
        { region: [5, 5, 6, 6] },
      ),
      expect: null,
    },
    { name: 'an empty sequence', envelope: seq([]), expect: { code: 'INVALID_ARGUMENT', path: '/args/steps' } },
    {
      name: 'an empty click_sequence',
      envelope: { tool: 'click_sequence', args: { sequence: [] } },
      expect: { code: 'INVALID_ARGUMENT', path: '/args/sequence' },
    },
    {
      name: 'a 3001 ms conditional wait in a sequence (schema)',
      envelope: seq([{ action: 'wait_until', selector: sel, state: 'visible', timeout_ms: 3001 }]),
      expect: { code: 'INVALID_ARGUMENT', path: '/args/steps/0/timeout_ms' },
    },
    {
      name: 'a 3000 ms conditional wait in a sequence',
      envelope: seq([{ action: 'wait_until', selector: sel, state: 'visible', timeout_ms: 3000 }]),
      expect: null,
    },
    {
      name: '1025 characters of member text (schema)',
      envelope: seq([
        { action: 'control_action', request: { selector: sel, action: 'set_text', text: 'x'.repeat(1025) } },
      ]),
      expect: { code: 'INVALID_ARGUMENT', path: '/args/steps/0/request/text' },
    },
    {
      name: '1024 characters of member text',
      envelope: seq([
        { action: 'control_action', request: { selector: sel, action: 'set_text', text: 'x'.repeat(1024) } },
      ]),
      expect: null,
    },
  ],
  UNKNOWN_TOOL: [
    { name: 'an unknown tool', envelope: { tool: 'fly', args: {} }, expect: { code: 'UNKNOWN_TOOL', path: '/tool' } },
    { name: 'a tool without arguments', envelope: { tool: 'erase_one_char' }, expect: null },
  ],
  OFF_SCREEN: [
    {
      name: 'normalized 1001 without a screen',
      envelope: { tool: 'click', args: { target: [1001, 5] } },
      expect: { code: 'OFF_SCREEN', path: '/args/target' },
    },
    {
      name: 'normalized 1000 without a screen',
      envelope: { tool: 'click', args: { target: [1000, 1000] } },
      expect: null,
    },
    {
      name: 'a negative normalized swipe end',
      envelope: { tool: 'swipe', args: { start: [0, 0], end: [5, -1] } },
      expect: { code: 'OFF_SCREEN', path: '/args/end' },
    },
    {
      name: 'pixel x = width',
      envelope: {
        tool: 'drag',
        args: { start: [1080, 5], end: [5, 5], coordinate_space: 'pixel', target_description: 'd' },
      },
      ctx: { screen },
      expect: { code: 'OFF_SCREEN', path: '/args/start' },
    },
    {
      name: 'pixel x = width − 1',
      envelope: {
        tool: 'drag',
        args: { start: [1079, 2399], end: [5, 5], coordinate_space: 'pixel', target_description: 'd' },
      },
      ctx: { screen },
      expect: null,
    },
    {
      name: 'pixel x = width without a screen',
      envelope: {
        tool: 'drag',
        args: { start: [1080, 5], end: [5, 5], coordinate_space: 'pixel', target_description: 'd' },
      },
      expect: null,
    },
    {
      name: 'a negative pixel without a screen',
      envelope: {
        tool: 'drag',
        args: { start: [-1, 5], end: [5, 5], coordinate_space: 'pixel', target_description: 'd' },
      },
      expect: { code: 'OFF_SCREEN', path: '/args/start' },
    },
    {
      name: 'a pinch finger sampled off-screen',
      envelope: { tool: 'pinch', args: { center: [50, 500], start_span: 100, end_span: 400, target_description: 'p' } },
      ctx: { screen },
      expect: { code: 'OFF_SCREEN', path: '/args' },
    },
    {
      name: 'the same pinch without a screen (only its centre is checked)',
      envelope: { tool: 'pinch', args: { center: [50, 500], start_span: 100, end_span: 400, target_description: 'p' } },
      expect: null,
    },
    {
      name: 'a frame point off-screen',
      envelope: tg([
        { at_ms: 0, points: [[5, 5]] },
        { at_ms: 9, points: [[5, 1001]] },
      ]),
      expect: { code: 'OFF_SCREEN', path: '/args/frames/1/points/0' },
    },
    {
      name: 'a calibrated end off-screen',
      envelope: pixelDrag({ ...pan, target_value: 0 }),
      ctx: { screen },
      expect: { code: 'OFF_SCREEN', path: '/args/calibration' },
    },
    {
      name: 'a click member off-screen',
      envelope: seq([{ action: 'click', target: [2000, 0], coordinate_space: 'pixel', target_description: 'c' }]),
      ctx: { screen },
      expect: { code: 'OFF_SCREEN', path: '/args/steps/0/target' },
    },
  ],
  OUTSIDE_REGION: [
    {
      name: 'a point on the exclusive right edge',
      envelope: tg(
        [
          { at_ms: 0, points: [[10, 10]] },
          { at_ms: 9, points: [[100, 10]] },
        ],
        { region: [0, 0, 100, 100] },
      ),
      expect: { code: 'OUTSIDE_REGION', path: '/args/frames/1/points/0' },
    },
    {
      name: 'a point just inside the right edge',
      envelope: tg(
        [
          { at_ms: 0, points: [[10, 10]] },
          { at_ms: 9, points: [[99, 10]] },
        ],
        { region: [0, 0, 100, 100] },
      ),
      expect: null,
    },
    {
      name: 'a point inside in normalized units but on the edge pixel of a small screen',
      envelope: tg(
        [
          { at_ms: 0, points: [[0, 500]] },
          { at_ms: 9, points: [[2, 500]] },
        ],
        { region: [0, 0, 3, 1000] },
      ),
      ctx: { screen: { width: 500, height: 500 } },
      expect: { code: 'OUTSIDE_REGION', path: '/args/frames/1/points/0' },
    },
    {
      name: 'the same point without a screen',
      envelope: tg(
        [
          { at_ms: 0, points: [[0, 500]] },
          { at_ms: 9, points: [[2, 500]] },
        ],
        { region: [0, 0, 3, 1000] },
      ),
      expect: null,
    },
    {
      name: 'a drag end outside',
      envelope: {
        tool: 'drag',
        args: { start: [10, 10], end: [10, 600], region: [0, 0, 500, 500], target_description: 'd' },
      },
      expect: { code: 'OUTSIDE_REGION', path: '/args/end' },
    },
    {
      name: 'a pinch finger leaving the region',
      envelope: {
        tool: 'pinch',
        args: {
          center: [500, 500],
          start_span: 200,
          end_span: 400,
          region: [350, 0, 650, 1000],
          target_description: 'p',
        },
      },
      ctx: { screen },
      expect: { code: 'OUTSIDE_REGION', path: '/args' },
    },
    {
      name: 'a pinch staying inside',
      envelope: {
        tool: 'pinch',
        args: {
          center: [500, 500],
          start_span: 200,
          end_span: 400,
          region: [250, 0, 750, 1000],
          target_description: 'p',
        },
      },
      ctx: { screen },
      expect: null,
    },
    {
      name: 'a calibrated end outside',
      envelope: {
        tool: 'drag',
        args: { start: [200, 500], target_description: 'd', region: [150, 0, 390, 1000], calibration: thumb },
      },
      ctx: { screen },
      expect: { code: 'OUTSIDE_REGION', path: '/args/calibration' },
    },
    {
      name: 'a calibrated end outside, without a screen (normalized units)',
      envelope: {
        tool: 'drag',
        args: { start: [200, 500], target_description: 'd', region: [150, 0, 390, 1000], calibration: thumb },
      },
      expect: { code: 'OUTSIDE_REGION', path: '/args/calibration' },
    },
    {
      name: 'a calibrated end inside',
      envelope: {
        tool: 'drag',
        args: { start: [200, 500], target_description: 'd', region: [150, 0, 400, 1000], calibration: thumb },
      },
      ctx: { screen },
      expect: null,
    },
  ],
  FRAMES_NOT_INCREASING: [
    {
      name: 'a first frame after 0',
      envelope: tg([
        { at_ms: 10, points: [[5, 5]] },
        { at_ms: 20, points: [[6, 6]] },
      ]),
      expect: { code: 'FRAMES_NOT_INCREASING', path: '/args/frames/0/at_ms' },
    },
    {
      name: 'two frames at one time',
      envelope: tg([
        { at_ms: 0, points: [[5, 5]] },
        { at_ms: 0, points: [[6, 6]] },
      ]),
      expect: { code: 'FRAMES_NOT_INCREASING', path: '/args/frames/1/at_ms' },
    },
    {
      name: 'frames 1 ms apart',
      envelope: tg([
        { at_ms: 0, points: [[5, 5]] },
        { at_ms: 1, points: [[6, 6]] },
      ]),
      expect: null,
    },
  ],
  FINGER_COUNT_MISMATCH: [
    {
      name: 'a finger disappearing',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [5, 5],
            [50, 50],
          ],
        },
        { at_ms: 9, points: [[6, 6]] },
      ]),
      expect: { code: 'FINGER_COUNT_MISMATCH', path: '/args/frames/1/points' },
    },
    {
      name: 'two fingers throughout',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [5, 5],
            [50, 50],
          ],
        },
        {
          at_ms: 9,
          points: [
            [6, 6],
            [50, 50],
          ],
        },
      ]),
      expect: null,
    },
  ],
  TOUCH_POINTS_MERGED: [
    {
      name: 'identical normalized points',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [100, 100],
            [100, 100],
          ],
        },
        {
          at_ms: 9,
          points: [
            [100, 100],
            [300, 100],
          ],
        },
      ]),
      expect: { code: 'TOUCH_POINTS_MERGED', path: '/args/frames/0/points/1' },
    },
    {
      name: 'adjacent normalized points without a screen',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [100, 100],
            [101, 100],
          ],
        },
        {
          at_ms: 9,
          points: [
            [100, 300],
            [101, 300],
          ],
        },
      ]),
      expect: null,
    },
    {
      name: 'adjacent normalized points on one pixel of a small screen',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [100, 100],
            [101, 100],
          ],
        },
        {
          at_ms: 9,
          points: [
            [100, 300],
            [101, 300],
          ],
        },
      ]),
      ctx: { screen: { width: 500, height: 500 } },
      expect: { code: 'TOUCH_POINTS_MERGED', path: '/args/frames/0/points/1' },
    },
    {
      name: 'a pinch whose fingers round to one pixel',
      envelope: {
        tool: 'pinch',
        args: { center: [500, 500], start_span: 1, end_span: 1, angle_degrees: 45, target_description: 'p' },
      },
      ctx: { screen },
      expect: { code: 'TOUCH_POINTS_MERGED', path: '/args' },
    },
    {
      name: 'a pinch two units wide',
      envelope: {
        tool: 'pinch',
        args: { center: [500, 500], start_span: 2, end_span: 2, angle_degrees: 45, target_description: 'p' },
      },
      ctx: { screen },
      expect: null,
    },
  ],
  TOUCH_PATHS_CROSS: [
    {
      name: 'fingers crossing in an X',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [100, 100],
            [100, 300],
          ],
        },
        {
          at_ms: 9,
          points: [
            [300, 300],
            [300, 100],
          ],
        },
      ]),
      expect: { code: 'TOUCH_PATHS_CROSS', path: '/args/frames/1/points/1' },
    },
    {
      name: 'fingers swapping along a line',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [100, 100],
            [300, 100],
          ],
        },
        {
          at_ms: 9,
          points: [
            [300, 100],
            [100, 100],
          ],
        },
      ]),
      expect: { code: 'TOUCH_PATHS_CROSS', path: '/args/frames/1/points/1' },
    },
    {
      name: 'a finger sweeping over a held one',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [100, 100],
            [200, 100],
          ],
        },
        {
          at_ms: 9,
          points: [
            [300, 100],
            [200, 100],
          ],
        },
      ]),
      expect: { code: 'TOUCH_PATHS_CROSS', path: '/args/frames/1/points/1' },
    },
    {
      name: 'fingers moving in parallel',
      envelope: tg([
        {
          at_ms: 0,
          points: [
            [100, 100],
            [100, 300],
          ],
        },
        {
          at_ms: 9,
          points: [
            [300, 100],
            [300, 300],
          ],
        },
      ]),
      expect: null,
    },
  ],
  END_XOR_CALIBRATION: [
    {
      name: 'a drag with end and calibration',
      envelope: {
        tool: 'drag',
        args: { start: [200, 500], end: [300, 500], target_description: 'd', calibration: thumb },
      },
      expect: { code: 'END_XOR_CALIBRATION', path: '/args/end' },
    },
    {
      name: 'a drag with neither',
      envelope: { tool: 'drag', args: { start: [200, 500], target_description: 'd' } },
      expect: { code: 'END_XOR_CALIBRATION', path: '/args/end' },
    },
    {
      name: 'a drag with an end only',
      envelope: { tool: 'drag', args: { start: [200, 500], end: [300, 500], target_description: 'd' } },
      expect: null,
    },
    {
      name: 'a drag member with neither',
      envelope: seq([{ action: 'drag', start: [200, 500], target_description: 'd' }]),
      expect: { code: 'END_XOR_CALIBRATION', path: '/args/steps/0/end' },
    },
  ],
  CALIBRATION_DEGENERATE: [
    {
      name: 'anchors at one position',
      envelope: pixelDrag({
        ...pan,
        anchors: [
          { position: 200, value: 60 },
          { position: 200, value: 100 },
        ],
      }),
      expect: { code: 'CALIBRATION_DEGENERATE', path: '/args/calibration/anchors/1/position' },
    },
    {
      name: 'anchors with one value',
      envelope: pixelDrag({
        ...pan,
        anchors: [
          { position: 200, value: 60 },
          { position: 600, value: 60 },
        ],
      }),
      expect: { code: 'CALIBRATION_DEGENERATE', path: '/args/calibration/anchors/1/value' },
    },
    {
      name: 'anchors one pixel and one unit apart',
      envelope: pixelDrag({
        ...pan,
        anchors: [
          { position: 200, value: 60 },
          { position: 201, value: 61 },
        ],
        target_value: 60.5,
      }),
      expect: null,
    },
  ],
  PAN_INDICATOR_REQUIRED: [
    {
      name: 'pan without indicator',
      envelope: pixelDrag({ ...pan, indicator_position: null }),
      expect: { code: 'PAN_INDICATOR_REQUIRED', path: '/args/calibration/indicator_position' },
    },
    {
      name: 'thumb without indicator',
      envelope: pixelDrag({ ...pan, mode: 'thumb', indicator_position: null, target_value: 90 }),
      expect: null,
    },
  ],
  ROUNDING_EXCEEDS_TOLERANCE: [
    {
      name: 'rounding 0.0329 against tolerance 0.03',
      envelope: {
        tool: 'drag',
        args: { start: [200, 500], target_description: 'd', calibration: { ...thumb, tolerance: 0.03 } },
      },
      ctx: { screen },
      expect: { code: 'ROUNDING_EXCEEDS_TOLERANCE', path: '/args/calibration/tolerance' },
    },
    {
      name: 'rounding 0.0329 against tolerance 0.05',
      envelope: {
        tool: 'drag',
        args: { start: [200, 500], target_description: 'd', calibration: { ...thumb, tolerance: 0.05 } },
      },
      ctx: { screen },
      expect: null,
    },
    {
      name: 'rounding exactly at the tolerance (pan 0.03)',
      envelope: pixelDrag({ ...pan, tolerance: 0.03 }),
      expect: null,
    },
    {
      name: 'pan rounding 0.03 against tolerance 0.029',
      envelope: pixelDrag({ ...pan, tolerance: 0.029 }),
      expect: { code: 'ROUNDING_EXCEEDS_TOLERANCE', path: '/args/calibration/tolerance' },
    },
  ],
  BELOW_MIN_MOVEMENT: [
    {
      name: 'a 187 px move against 200',
      envelope: pixelDrag({ ...pan, min_movement_px: 200 }),
      expect: { code: 'BELOW_MIN_MOVEMENT', path: '/args/calibration/min_movement_px' },
    },
    { name: 'a 187 px move against 187', envelope: pixelDrag({ ...pan, min_movement_px: 187 }), expect: null },
  ],
  SELECTOR_NOT_SEMANTIC: [
    {
      name: 'package_name alone',
      envelope: { tool: 'read_control', args: { selector: { package_name: 'com.app' } } },
      expect: { code: 'SELECTOR_NOT_SEMANTIC', path: '/args/selector' },
    },
    {
      name: 'bounds and package_name',
      envelope: { tool: 'read_control', args: { selector: { package_name: 'com.app', bounds: [0, 0, 10, 10] } } },
      expect: { code: 'SELECTOR_NOT_SEMANTIC', path: '/args/selector' },
    },
    {
      name: 'class_name with package_name',
      envelope: {
        tool: 'read_control',
        args: { selector: { package_name: 'com.app', class_name: 'android.widget.SeekBar' } },
      },
      expect: null,
    },
    {
      name: 'a scroll_to target by bounds',
      envelope: { tool: 'scroll_to', args: { container: sel, target: { bounds: [0, 0, 1, 1] } } },
      expect: { code: 'SELECTOR_NOT_SEMANTIC', path: '/args/target' },
    },
    {
      name: 'a feedback readout by package',
      envelope: {
        tool: 'drag',
        args: {
          start: [1, 1],
          end: [2, 2],
          target_description: 'd',
          feedback: { selector: { package_name: 'p' }, value_format: 'number', target_value: 1, tolerance: 0 },
        },
      },
      expect: { code: 'SELECTOR_NOT_SEMANTIC', path: '/args/feedback/selector' },
    },
    {
      name: 'a sequence member by package',
      envelope: seq([{ action: 'control_action', request: { selector: { package_name: 'p' }, action: 'click' } }]),
      expect: { code: 'SELECTOR_NOT_SEMANTIC', path: '/args/steps/0/request/selector' },
    },
    {
      name: 'a wait_until member by text',
      envelope: seq([{ action: 'wait_until', selector: { text: 'Done' }, state: 'visible' }]),
      expect: null,
    },
  ],
  TEXT_TOO_LONG: [
    {
      name: 'a sequence stream of 16,385 characters',
      envelope: streamOf(16385),
      expect: { code: 'TEXT_TOO_LONG', path: '/args' },
    },
    { name: 'a sequence stream of exactly 16,384 characters', envelope: streamOf(16384), expect: null },
  ],
  TOO_MANY_MEMBERS: [
    {
      name: 'eleven waits at the default limit',
      envelope: seq(Array(11).fill(wait)),
      expect: { code: 'TOO_MANY_MEMBERS', path: '/args/steps' },
    },
    { name: 'ten waits at the default limit', envelope: seq(Array(10).fill(wait)), expect: null },
    {
      name: 'four members over a limit of three',
      envelope: seq(Array(4).fill(wait)),
      ctx: { maxBurstActions: 3 },
      expect: { code: 'TOO_MANY_MEMBERS', path: '/args/steps' },
    },
    {
      name: 'eleven members under a limit of twenty',
      envelope: seq(Array(11).fill(wait)),
      ctx: { maxBurstActions: 20 },
      expect: null,
    },
  ],
  FEEDBACK_TIMING: [
    {
      name: 'feedback timeout equal to stable time',
      envelope: seq([wait], {
        feedback: {
          selector: sel,
          value_format: 'range',
          target_value: 1,
          tolerance: 0,
          stable_ms: 3000,
          timeout_ms: 3000,
        },
      }),
      expect: { code: 'FEEDBACK_TIMING', path: '/args/feedback/timeout_ms' },
    },
    {
      name: 'feedback timeout 1 ms longer',
      envelope: seq([wait], {
        feedback: {
          selector: sel,
          value_format: 'range',
          target_value: 1,
          tolerance: 0,
          stable_ms: 3000,
          timeout_ms: 3001,
        },
      }),
      expect: null,
    },
    {
      name: 'wait_until stable that cannot last',
      envelope: { tool: 'wait_until', args: { selector: sel, state: 'stable', stable_ms: 2000, timeout_ms: 2000 } },
      expect: { code: 'FEEDBACK_TIMING', path: '/args/timeout_ms' },
    },
    {
      name: 'wait_until visible ignores stable_ms',
      envelope: { tool: 'wait_until', args: { selector: sel, state: 'visible', stable_ms: 2000, timeout_ms: 2000 } },
      expect: null,
    },
  ],
};

describe('validation codes', () => {
  it('covers every validation code with a triggering and a passing case', () => {
    for (const code of VALIDATION_CODES) {
      expect(
        cases[code].some((c) => c.expect?.code === code),
        code,
      ).toBe(true);
      expect(
        cases[code].some((c) => c.expect === null),
        code,
      ).toBe(true);
    }
  });
  for (const code of VALIDATION_CODES) {
    describe(code, () => {
      for (const c of cases[code]) {
        it(c.expect ? `refuses ${c.name}` : `accepts ${c.name}`, () => {
          const r = validateToolCall(c.envelope, c.ctx);
          if (c.expect === null) expect(r.ok ? [] : r.errors).toEqual([]);
          else expect(r.ok ? [] : r.errors.map((e) => ({ code: e.code, path: e.path }))).toContainEqual(c.expect);
        });
      }
    });
  }
});
