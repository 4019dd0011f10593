import { describe, expect, it } from 'vitest';
import { fromAgentDialect } from './index';
import { directionalSwipe } from './swipe-direction';

const observation = {
  elements: [
    {
      index: 3,
      resource_id: 'app:id/play',
      bounds: [100, 100, 201, 301] as [number, number, number, number],
      text: 'Play',
    },
    { index: 4, resource_id: null, bounds: [0, 500, 1000, 900] as [number, number, number, number] },
    { index: 5, bounds: [10, 10, 11, 11] as [number, number, number, number] },
  ],
};

describe('fromAgentDialect: element-index targets', () => {
  it('click: index → centre of bounds and expected_resource_id', () => {
    expect(fromAgentDialect({ tool: 'click', args: { target: 3, times: 2 }, observation })).toEqual({
      ok: true,
      call: {
        tool: 'click',
        args: { target: [150, 200], times: 2, delay_ms: 100, expected_resource_id: 'app:id/play' },
      },
    });
  });

  it('keeps a 1-unit element centre inside its exclusive bounds', () => {
    const r = fromAgentDialect({ tool: 'long_press', args: { target: 5 } }, observation);
    expect(r).toEqual({ ok: true, call: { tool: 'long_press', args: { target: [10, 10], duration_ms: 1000 } } });
  });

  it('an explicit observation overrides the envelope one', () => {
    const other = { elements: [{ index: 3, bounds: [0, 0, 10, 10] as [number, number, number, number] }] };
    const r = fromAgentDialect({ tool: 'click', args: { target: 3 }, observation }, other);
    expect(r).toMatchObject({ ok: true, call: { args: { target: [5, 5], expected_resource_id: null } } });
  });

  it('refuses an index without an observation or absent from it', () => {
    expect(fromAgentDialect({ tool: 'click', args: { target: 3 } })).toEqual({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/args/target', message: expect.stringContaining('observation') }],
    });
    expect(fromAgentDialect({ tool: 'input_text', args: { text: 'a', target: 9 } }, observation)).toMatchObject({
      ok: false,
      errors: [
        { code: 'INVALID_ARGUMENT', path: '/args/target', message: 'Element index 9 is not in the observation.' },
      ],
    });
  });

  it('coordinate targets need target_description, which is then dropped', () => {
    expect(fromAgentDialect({ tool: 'click', args: { target: [5, 6] } })).toMatchObject({
      ok: false,
      errors: [{ path: '/args/target_description' }],
    });
    expect(
      fromAgentDialect({
        tool: 'input_text',
        args: { text: 'x', target: [5, 6], target_description: 'search', clear_exist: false },
      }),
    ).toEqual({
      ok: true,
      call: { tool: 'input_text', args: { text: 'x', target: [5, 6], clear_exist: false } },
    });
  });

  it('refuses duplicate indices in an observation', () => {
    const dup = { elements: [observation.elements[0], observation.elements[0]] };
    expect(fromAgentDialect({ tool: 'click', args: { target: 3 }, observation: dup })).toMatchObject({
      ok: false,
      errors: [{ path: '/observation/elements/1/index' }],
    });
  });
});

describe('fromAgentDialect: swipe', () => {
  it('direction on the whole screen: 60% travel, centred, 800 ms', () => {
    expect(fromAgentDialect({ tool: 'swipe', args: { direction: 'up' } })).toEqual({
      ok: true,
      call: { tool: 'swipe', args: { start: [500, 800], end: [500, 200], duration_ms: 800 } },
    });
    expect(fromAgentDialect({ tool: 'swipe', args: { gesture: 'right', duration: 1200 } })).toEqual({
      ok: true,
      call: { tool: 'swipe', args: { start: [200, 500], end: [800, 500], duration_ms: 1200 } },
    });
  });

  it('direction scoped to an element, a rect or a resource id', () => {
    const byIndex = fromAgentDialect({ tool: 'swipe', args: { direction: 'down', target: 4 } }, observation);
    expect(byIndex).toEqual({
      ok: true,
      call: { tool: 'swipe', args: { start: [500, 580], end: [500, 820], duration_ms: 320 } },
    });
    const byRect = fromAgentDialect({ tool: 'swipe', args: { direction: 'left', target: [0, 500, 1000, 900] } });
    expect(byRect).toMatchObject({ ok: true, call: { args: { start: [800, 700], end: [200, 700] } } });
    const byId = fromAgentDialect({ tool: 'swipe', args: { direction: 'up', target: 'app:id/play' } }, observation);
    expect(byId).toMatchObject({ ok: true, call: { args: { start: [150, 260], end: [150, 140] } } });
  });

  it('coordinates by start/end or a 4-list, with target_description', () => {
    const list = fromAgentDialect({ tool: 'swipe', args: { gesture: [1, 2, 3, 4], target_description: 'knob' } });
    expect(list).toEqual({ ok: true, call: { tool: 'swipe', args: { start: [1, 2], end: [3, 4], duration_ms: 800 } } });
    const pair = fromAgentDialect({
      tool: 'swipe',
      args: { start: [1, 2], end: [3, 4], target_description: 'knob', duration: 50 },
    });
    expect(pair).toMatchObject({ ok: true, call: { args: { duration_ms: 50 } } });
  });

  it.each([
    [{}, '/args/direction'],
    [{ direction: 'up', gesture: 'down' }, '/args/gesture'],
    [{ start: [1, 2], target_description: 'k' }, '/args/end'],
    [{ start: [1, 2], end: [3, 4] }, '/args/target_description'],
    [{ start: [1, 2], end: [3, 4], target_description: 'k', target: 2 }, '/args/target'],
    [{ direction: 'up', target: [10, 10, 10, 20] }, '/args/target'],
    [{ gesture: [1, 2, 3] }, '/args/gesture'],
    [{ direction: 'sideways' }, '/args/direction'],
  ])('refuses %j at %s', (args, path) => {
    const r = fromAgentDialect({ tool: 'swipe', args });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path)).toContain(path);
  });

  it('directionalSwipe keeps small scopes slow enough', () => {
    expect(directionalSwipe('up', [0, 0, 100, 100]).duration_ms).toBe(300);
  });
});

describe('fromAgentDialect: other tools', () => {
  it('press_key and manage_app enums', () => {
    expect(fromAgentDialect({ tool: 'press_key', args: { key: 'APP_SWITCH' } })).toEqual({
      ok: true,
      call: { tool: 'press_key', args: { key: 'app_switch' } },
    });
    expect(fromAgentDialect({ tool: 'press_key', args: { key: 'back' } })).toMatchObject({
      ok: false,
      errors: [{ path: '/args/key' }],
    });
    expect(fromAgentDialect({ tool: 'manage_app', args: { action: 'stop', app_name: 'Clock' } })).toMatchObject({
      ok: true,
    });
    expect(fromAgentDialect({ tool: 'manage_app', args: { action: 'restart', app_name: 'Clock' } })).toMatchObject({
      ok: false,
    });
  });

  it('drag: calibration without tolerance fields; defaults filled', () => {
    const calibration = {
      axis: 'x',
      mode: 'thumb',
      anchors: [
        { position: 100, value: 0 },
        { position: 900, value: 60 },
      ],
      target_value: 30,
    };
    const r = fromAgentDialect({ tool: 'drag', args: { start: [100, 500], target_description: 'seek', calibration } });
    expect(r).toMatchObject({
      ok: true,
      call: {
        tool: 'drag',
        args: { feedback: null, region: null, end: null, calibration: { tolerance: null, min_movement_px: null } },
      },
    });
    const extra = fromAgentDialect({
      tool: 'drag',
      args: { start: [1, 1], target_description: 's', calibration: { ...calibration, tolerance: 1 } },
    });
    expect(extra).toMatchObject({ ok: false, errors: [{ path: '/args/calibration/tolerance' }] });
  });

  it('action_sequence: 1..10 click/drag/wait members, no element indices', () => {
    const wait = { action: 'wait', time_in_ms: 10 };
    expect(fromAgentDialect({ tool: 'action_sequence', args: { steps: [wait] } })).toMatchObject({
      ok: true,
      call: { args: { steps: [wait], feedback: null } },
    });
    expect(fromAgentDialect({ tool: 'action_sequence', args: { steps: [] } }).ok).toBe(false);
    expect(fromAgentDialect({ tool: 'action_sequence', args: { steps: Array(11).fill(wait) } }).ok).toBe(false);
    expect(
      fromAgentDialect({
        tool: 'action_sequence',
        args: { steps: [{ action: 'click', target: 3, target_description: 'x' }] },
      }),
    ).toMatchObject({ ok: false, errors: [{ path: '/args/steps/0/target' }] });
    expect(fromAgentDialect({ tool: 'action_sequence', args: { steps: [{ action: 'pinch' }] } })).toMatchObject({
      ok: false,
      errors: [{ path: '/args/steps/0/action' }],
    });
  });

  it('passes canonical-only tools through and refuses unknown tools', () => {
    expect(fromAgentDialect({ tool: 'erase_one_char', args: {} })).toEqual({
      ok: true,
      call: { tool: 'erase_one_char', args: {} },
    });
    expect(fromAgentDialect({ tool: 'fly', args: {} })).toMatchObject({
      ok: false,
      errors: [{ code: 'UNKNOWN_TOOL', path: '/tool' }],
    });
  });
});
