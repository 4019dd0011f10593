import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TOOL_NAMES } from '../actions';
import { VALIDATION_CODES } from '../errors';
import { DEFAULT_MAX_BURST_ACTIONS, validateToolCall } from './index';

const screen = { width: 1080, height: 2400 };

/** RFC 6901: does the pointer's parent resolve in `doc` (the member itself may be the one to add)? */
function parentResolves(doc: unknown, pointer: string): boolean {
  if (pointer === '') return true;
  const segments = pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = doc;
  for (const s of segments.slice(0, -1)) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, s)) return false;
    node = (node as Record<string, unknown>)[s];
  }
  return node !== null && typeof node === 'object';
}

function wellFormed(envelope: unknown, ctx?: Parameters<typeof validateToolCall>[1]): boolean {
  const r = validateToolCall(envelope, ctx);
  if (r.ok) return true;
  return (
    r.errors.length > 0 &&
    r.errors.every(
      (e) =>
        (VALIDATION_CODES as readonly string[]).includes(e.code) &&
        parentResolves(envelope, e.path) &&
        e.message.length > 0,
    )
  );
}

describe('validateToolCall', () => {
  it('fills defaults and returns the canonical call', () => {
    expect(validateToolCall({ tool: 'click', args: { target: [1, 2] } })).toEqual({
      ok: true,
      call: { tool: 'click', args: { target: [1, 2], times: 1, delay_ms: 100, expected_resource_id: null } },
    });
  });

  it('returns every semantic error, not only the first', () => {
    const r = validateToolCall({
      tool: 'touch_gesture',
      args: {
        target_description: 't',
        frames: [
          {
            at_ms: 5,
            points: [
              [100, 100],
              [100, 100],
            ],
          },
          { at_ms: 5, points: [[1001, 100]] },
        ],
      },
    });
    expect(r.ok ? [] : r.errors.map((e) => `${e.code} ${e.path}`)).toEqual([
      'FRAMES_NOT_INCREASING /args/frames/0/at_ms',
      'TOUCH_POINTS_MERGED /args/frames/0/points/1',
      'FRAMES_NOT_INCREASING /args/frames/1/at_ms',
      'FINGER_COUNT_MISMATCH /args/frames/1/points',
      'OFF_SCREEN /args/frames/1/points/0',
    ]);
  });

  it('checks every member of a sequence, with paths into each member', () => {
    const r = validateToolCall(
      {
        tool: 'action_sequence',
        args: {
          steps: [
            { action: 'click', target: [5000, 0], coordinate_space: 'pixel', target_description: 'c' },
            { action: 'control_action', request: { selector: { bounds: [0, 0, 1, 1] }, action: 'set_progress' } },
            { action: 'pinch', center: [500, 500], start_span: 3000, end_span: 3000, target_description: 'p' },
          ],
        },
      },
      { screen },
    );
    expect(r.ok ? [] : r.errors.map((e) => `${e.code} ${e.path}`)).toEqual([
      'OFF_SCREEN /args/steps/0/target',
      'SELECTOR_NOT_SEMANTIC /args/steps/1/request/selector',
      'INVALID_ARGUMENT /args/steps/1/request/value',
      'OFF_SCREEN /args/steps/2',
      'OFF_SCREEN /args/steps/2',
    ]);
  });

  it('reports a missing tool at /tool and an unknown one as UNKNOWN_TOOL', () => {
    expect(validateToolCall({ args: {} })).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/tool' }],
    });
    expect(validateToolCall({ tool: 'teleport' })).toMatchObject({
      ok: false,
      errors: [{ code: 'UNKNOWN_TOOL', path: '/tool' }],
    });
    expect(validateToolCall(null)).toMatchObject({ ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: '' }] });
  });

  it('uses a default burst limit of ten members', () => {
    expect(DEFAULT_MAX_BURST_ACTIONS).toBe(10);
  });

  it('rejects a malformed screen size as a programming error', () => {
    expect(() => validateToolCall({ tool: 'erase_one_char' }, { screen: { width: 0, height: 10 } })).toThrow(
      RangeError,
    );
  });

  it('never throws on arbitrary input, and every error has a stable code and a path into the envelope', () => {
    fc.assert(
      fc.property(fc.anything(), (env) => wellFormed(env) && wellFormed(env, { screen })),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...TOOL_NAMES), fc.dictionary(fc.string(), fc.jsonValue()), (tool, args) =>
        wellFormed({ tool, args }, { screen }),
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on schema-valid gestures with arbitrary numbers', () => {
    const int = fc.integer({ min: -3000, max: 3000 });
    const pt = fc.tuple(int, int);
    const frames = fc.integer({ min: 1, max: 5 }).chain((n) =>
      fc.array(
        fc.record({
          at_ms: fc.integer({ min: 0, max: 10000 }),
          points: fc.array(pt, { minLength: 1, maxLength: n }),
        }),
        { minLength: 2, maxLength: 32 },
      ),
    );
    const space = fc.constantFrom('normalized', 'pixel');
    const region = fc.option(fc.tuple(int, int, int, int), { nil: null });
    const screens = fc.option(
      fc.record({ width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) }),
      { nil: undefined },
    );
    fc.assert(
      fc.property(frames, space, region, screens, (fr, cs, rg, s) =>
        wellFormed(
          { tool: 'touch_gesture', args: { frames: fr, coordinate_space: cs, region: rg, target_description: 'g' } },
          { screen: s },
        ),
      ),
      { numRuns: 300 },
    );
    const anchor = fc.record({
      position: fc.double({ min: -5000, max: 5000, noNaN: true }),
      value: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    });
    const calibration = fc.record({
      axis: fc.constantFrom('x', 'y'),
      mode: fc.constantFrom('thumb', 'pan'),
      anchors: fc.tuple(anchor, anchor),
      target_value: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      indicator_position: fc.option(fc.double({ min: -5000, max: 5000, noNaN: true }), { nil: null }),
      tolerance: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
      min_movement_px: fc.option(fc.double({ min: 0.001, max: 500, noNaN: true }), { nil: null }),
    });
    fc.assert(
      fc.property(pt, fc.option(pt, { nil: null }), calibration, space, region, screens, (start, end, cal, cs, rg, s) =>
        wellFormed(
          {
            tool: 'drag',
            args: { start, end, calibration: cal, coordinate_space: cs, region: rg, target_description: 'd' },
          },
          { screen: s },
        ),
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        pt,
        fc.integer({ min: 1, max: 20000 }),
        fc.integer({ min: 1, max: 20000 }),
        fc.integer({ min: -360, max: 360 }),
        fc.integer({ min: 1, max: 2000 }),
        space,
        region,
        screens,
        (center, s0, s1, angle, duration, cs, rg, s) =>
          wellFormed(
            {
              tool: 'pinch',
              args: {
                center,
                start_span: s0,
                end_span: s1,
                angle_degrees: angle,
                rotation_degrees: -angle,
                duration_ms: duration,
                coordinate_space: cs,
                region: rg,
                target_description: 'p',
              },
            },
            { screen: s },
          ),
      ),
      { numRuns: 200 },
    );
  });
});
