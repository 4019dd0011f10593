// tactile.flow/1: accepted as written, refused with a stable code and a JSON Pointer into the document; the
// migration hook; the published JSON Schema agrees with the parser; where calls carry coordinates.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  coordinateUses,
  flowJsonSchema,
  guardStep,
  migrateFlow,
  parseFlow,
  parseFlowText,
  rescaleCall,
  serializeFlow,
  stepCall,
  type FlowMigration,
} from '.';
import { LAB_RECORDED_ON, sampleFlow } from './test-fixtures';
import { validateToolCall } from '../validation';

const withStep = (step: unknown) => ({ ...sampleFlow(), steps: [step] });
const errorsOf = (value: unknown) => {
  const r = parseFlow(value);
  return r.ok ? [] : r.errors.map((e) => ({ code: e.code, path: e.path }));
};

describe('parseFlow', () => {
  it('accepts a flow and fills each call as the executor would (defaults), keeping labels and expectations', () => {
    const r = parseFlow(sampleFlow());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.flow.steps).toHaveLength(4);
    expect(r.flow.steps[0]).toMatchObject({
      tool: 'action_sequence',
      label: 'tap Play',
      args: { steps: [{ coordinate_space: 'normalized', times: 1 }], feedback: null },
    });
    expect(r.flow.steps[1]).toMatchObject({ tool: 'drag', label: null, args: { duration_ms: 300, calibration: null } });
    expect(r.flow.steps[3]!.expect?.wait_until).toMatchObject({ state: 'visible', timeout_ms: 5000 });
    // What is written parses to the same flow (a save never changes meaning).
    const again = parseFlowText(serializeFlow(r.flow));
    expect(again.ok && again.flow).toEqual(r.flow);
  });

  it.each([
    [
      'a step with an unknown tool',
      withStep({ tool: 'teleport', args: {} }),
      [{ code: 'UNKNOWN_TOOL', path: '/steps/0/tool' }],
    ],
    [
      'a step argument off the normalized range',
      withStep({ tool: 'click', args: { target: [1001, 5] } }),
      [{ code: 'OFF_SCREEN', path: '/steps/0/args/target' }],
    ],
    [
      'a pixel point off the recorded screen',
      withStep({
        tool: 'drag',
        args: { start: [1080, 5], end: [5, 5], coordinate_space: 'pixel', target_description: 'x' },
      }),
      [{ code: 'OFF_SCREEN', path: '/steps/0/args/start' }],
    ],
    [
      'a missing argument',
      withStep({ tool: 'swipe', args: { start: [1, 2] } }),
      [{ code: 'INVALID_ARGUMENT', path: '/steps/0/args/end' }],
    ],
    [
      'an unknown step property',
      withStep({ tool: 'press_key', args: { key: 'back' }, note: 1 }),
      [{ code: 'INVALID_ARGUMENT', path: '/steps/0/note' }],
    ],
    [
      'an expectation that is not a wait_until',
      withStep({ tool: 'press_key', args: { key: 'back' }, expect: { wait_until: { state: 'visible' } } }),
      [{ code: 'INVALID_ARGUMENT', path: '/steps/0/expect/wait_until/selector' }],
    ],
    [
      'an unknown expectation kind',
      withStep({ tool: 'press_key', args: { key: 'back' }, expect: { read: {} } }),
      [
        { code: 'INVALID_ARGUMENT', path: '/steps/0/expect/read' },
        { code: 'INVALID_ARGUMENT', path: '/steps/0/expect/wait_until' },
      ],
    ],
    [
      'a bad rotation',
      { ...sampleFlow(), recorded_on: { ...LAB_RECORDED_ON, rotation: 5 } },
      [{ code: 'INVALID_ARGUMENT', path: '/recorded_on/rotation' }],
    ],
    ['an empty name', { ...sampleFlow(), name: '  ' }, [{ code: 'INVALID_ARGUMENT', path: '/name' }]],
    ['no format', (({ format: _f, ...rest }) => rest)(sampleFlow()), [{ code: 'INVALID_ARGUMENT', path: '/format' }]],
    [
      'a format from a newer Tactile',
      { ...sampleFlow(), format: 'tactile.flow/2' },
      [{ code: 'INVALID_ARGUMENT', path: '/format' }],
    ],
    ['not an object', [1, 2], [{ code: 'INVALID_ARGUMENT', path: '' }]],
  ])('refuses %s with its pointer', (_what, value, expected) => {
    expect(errorsOf(value)).toEqual(expected);
  });

  it('reports every bad step, each at its own index', () => {
    const flow = {
      ...sampleFlow(),
      steps: [
        { tool: 'press_key', args: { key: 'back' } },
        { tool: 'nope' },
        { tool: 'click', args: { target: [1, 2], times: 99 } },
      ],
    };
    expect(errorsOf(flow)).toEqual([
      { code: 'UNKNOWN_TOOL', path: '/steps/1/tool' },
      { code: 'INVALID_ARGUMENT', path: '/steps/2/args/times' },
    ]);
  });

  it('refuses text that is not JSON, or nested past the bounds, at path ""', () => {
    expect(parseFlowText('{"format":').ok).toBe(false);
    const deep = '['.repeat(100) + ']'.repeat(100);
    const r = parseFlowText(deep);
    expect(!r.ok && r.errors[0]).toMatchObject({ code: 'INVALID_ARGUMENT', path: '' });
  });
});

describe('migration hook', () => {
  it('carries an older format forward one step at a time before validating', () => {
    const chain: Record<string, FlowMigration> = {
      'tactile.flow/0': {
        to: 'tactile.flow/1',
        migrate: ({ title, ...doc }) => ({ ...doc, name: title, format: 'tactile.flow/1' }),
      },
    };
    const old = { ...sampleFlow(), format: 'tactile.flow/0', title: 'Old' } as Record<string, unknown>;
    delete old['name'];
    const m = migrateFlow(old, chain);
    expect(m.ok && m.migrated_from).toBe('tactile.flow/0');
    expect(m.ok && parseFlow(m.value).ok).toBe(true);
    expect(migrateFlow({ format: 'tactile.flow/7' }, chain)).toMatchObject({
      ok: false,
      errors: [{ path: '/format', message: expect.stringContaining('newer Tactile') }],
    });
    // A cycle in the chain is refused, not looped on.
    const cyclic: Record<string, FlowMigration> = {
      a: { to: 'b', migrate: (d) => ({ ...d, format: 'b' }) },
      b: { to: 'a', migrate: (d) => ({ ...d, format: 'a' }) },
    };
    expect(migrateFlow({ format: 'a' }, cyclic).ok).toBe(false);
  });
});

describe('published JSON Schema (tactile schema flow)', () => {
  const validate = new Ajv2020({ strict: false }).compile(flowJsonSchema());

  it('accepts what the parser accepts and refuses what its shape forbids', () => {
    expect(validate(sampleFlow())).toBe(true);
    expect(validate(withStep({ tool: 'teleport', args: {} }))).toBe(false);
    expect(validate(withStep({ tool: 'click', args: { target: 'x' } }))).toBe(false);
    expect(validate({ ...sampleFlow(), format: 'tactile.flow/2' })).toBe(false);
  });
});

describe('coordinates in calls', () => {
  const call = (envelope: unknown) => {
    const r = validateToolCall(envelope);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.call;
  };

  it('finds every coordinate with its space; resource-id targets and keys have none', () => {
    expect(coordinateUses(call({ tool: 'press_key', args: { key: 'back' } }))).toEqual([]);
    expect(
      coordinateUses(
        call({
          tool: 'action_sequence',
          args: { steps: [{ action: 'click', target: 'a:id/b', target_description: 'b' }] },
        }),
      ),
    ).toEqual([]);
    expect(coordinateUses(call({ tool: 'read_control', args: { selector: { resource_id: 'a:id/b' } } }))).toEqual([]);
    expect(
      coordinateUses(
        call({ tool: 'read_control', args: { selector: { resource_id: 'a:id/b', bounds: [0, 0, 10, 10] } } }),
      ),
    ).toEqual([{ path: '/args/selector/bounds', space: 'pixel' }]);
    expect(coordinateUses(call({ tool: 'click', args: { target: [1, 2] } }))).toEqual([
      { path: '/args/target', space: 'normalized' },
    ]);
    const gesture = call({
      tool: 'touch_gesture',
      args: {
        frames: [
          { at_ms: 0, points: [[10, 10]] },
          { at_ms: 100, points: [[50, 50]] },
        ],
        coordinate_space: 'pixel',
        target_description: 'map',
      },
    });
    expect(coordinateUses(gesture).map((u) => u.path)).toEqual(['/args/frames/0/points/0', '/args/frames/1/points/0']);
  });

  it('carries pixel coordinates to another screen through normalized ones, leaving normalized ones as they are', () => {
    const from = { width: 1080, height: 2400 };
    const to = { width: 720, height: 1600 };
    const drag = call({
      tool: 'drag',
      args: {
        start: [0, 1200],
        end: [1079, 2399],
        coordinate_space: 'pixel',
        target_description: 'x',
        region: [0, 0, 1080, 2400],
      },
    });
    expect(rescaleCall(drag, from, to).args).toMatchObject({
      start: [0, 800],
      end: [719, 1599],
      region: [0, 0, 720, 1600],
    });
    const click = call({ tool: 'click', args: { target: [500, 500] } });
    expect(rescaleCall(click, from, to)).toEqual(click);
    const pinch = call({
      tool: 'pinch',
      args: {
        center: [540, 1200],
        start_span: 200,
        end_span: 400,
        coordinate_space: 'pixel',
        target_description: 'map',
      },
    });
    expect(rescaleCall(pinch, from, to).args).toMatchObject({ center: [360, 800], start_span: 133, end_span: 267 });
  });
});

describe('geometry guard', () => {
  const r = parseFlow(sampleFlow());
  if (!r.ok) throw new Error('fixture');
  const { recorded_on, steps } = r.flow;
  const smaller = { screen: { width: 720, height: 1600 }, density: 420, rotation: 0 };

  it('passes every step on the recorded geometry', () => {
    for (const [i, s] of steps.entries())
      expect(
        guardStep(stepCall(s), i, recorded_on, { screen: recorded_on.screen, density: 420, rotation: 0 }, false),
      ).toMatchObject({ ok: true, scaled: false });
  });

  it('refuses coordinate steps with GEOMETRY_CHANGED at their first coordinate; semantic steps pass', () => {
    expect(guardStep(stepCall(steps[1]!), 1, recorded_on, smaller, false)).toMatchObject({
      ok: false,
      error: { code: 'GEOMETRY_CHANGED', path: '/steps/1/args/start' },
    });
    expect(guardStep(stepCall(steps[0]!), 0, recorded_on, smaller, false)).toMatchObject({ ok: true, scaled: false });
    for (const live of [
      { ...smaller, screen: recorded_on.screen, density: 320 },
      { screen: { width: 2400, height: 1080 }, density: 420, rotation: 1 },
    ]) {
      expect(guardStep(stepCall(steps[1]!), 1, recorded_on, live, false)).toMatchObject({
        ok: false,
        error: { code: 'GEOMETRY_CHANGED' },
      });
    }
  });

  it('scales them only when asked', () => {
    expect(guardStep(stepCall(steps[1]!), 1, recorded_on, smaller, true)).toMatchObject({
      ok: true,
      scaled: true,
      call: { args: { start: [67, 333], end: [600, 333] } },
    });
  });
});
