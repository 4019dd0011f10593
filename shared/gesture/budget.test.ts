// The planning budget: counted from the arguments before anything is allocated, an upper bound of what the
// sampler then emits, and PLAN_TOO_LARGE (not an OOM) for calls past it.
import { describe, expect, it } from 'vitest';
import { parseToolArgs, type ActionCall, type ToolArgs } from '../actions';
import { MAX_PLAN_EVENTS, plannedEvents } from './budget';
import { planToolCall, type DispatchPlan } from './plan';
import { sampleMotionEvents } from './sampler';

const screen = { width: 1080, height: 2400 };

function call(tool: string, args: unknown): ActionCall {
  const r = parseToolArgs(tool, args);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.call;
}

const sampled = (p: DispatchPlan): number =>
  (p.members ?? []).reduce((n, m) => n + sampled(m), 0) +
  (p.pointers.length > 0 ? taps(p).reduce((n, s) => n + sampleMotionEvents(s).length, 0) : 0);
/** Taps of one finger are separate contacts (the executor sends each alone); other strokes are one contact. */
const taps = (p: DispatchPlan) => (p.pointers.every((s) => s.id === 0) ? p.pointers.map((s) => [s]) : [p.pointers]);

describe('planning budget', () => {
  it.each([
    ['click', { target: [500, 500], times: 10, delay_ms: 0 }],
    ['click_sequence', { sequence: Array.from({ length: 100 }, () => [500, 500]) }],
    ['swipe', { start: [100, 100], end: [900, 900], duration_ms: 10000 }],
    ['long_press', { target: [500, 500], duration_ms: 10000 }],
    ['pinch', { center: [500, 500], start_span: 200, end_span: 600, duration_ms: 10000, target_description: 'map' }],
    [
      'touch_gesture',
      {
        target_description: 'c',
        frames: [
          {
            at_ms: 0,
            points: [
              [100, 100],
              [900, 900],
            ],
          },
          {
            at_ms: 10000,
            points: [
              [200, 200],
              [800, 800],
            ],
          },
        ],
      },
    ],
    [
      'action_sequence',
      {
        steps: [
          { action: 'click', target: [500, 500], target_description: 'b', times: 10 },
          { action: 'drag', start: [100, 500], end: [900, 500], target_description: 's', duration_ms: 10000 },
        ],
      },
    ],
  ])('%s: the estimate bounds what the sampler emits', (tool, args) => {
    const c = call(tool, args);
    const planned = planToolCall(c, screen);
    if (!planned.ok) throw new Error(JSON.stringify(planned.errors));
    expect(plannedEvents(c)).toBeGreaterThanOrEqual(sampled(planned.plan));
  });

  it('refuses calls that reach the planner without the schema bounds, before allocating (issue 10, Found 2)', () => {
    const click: ActionCall = {
      tool: 'click',
      args: { target: [500, 500], times: 9007199254740991, delay_ms: 100, expected_resource_id: null },
    };
    expect(planToolCall(click, screen)).toMatchObject({
      ok: false,
      errors: [{ code: 'PLAN_TOO_LARGE', path: '/args' }],
    });
    const swipe: ActionCall = { tool: 'swipe', args: { start: [100, 100], end: [900, 900], duration_ms: 2 ** 53 - 1 } };
    expect(planToolCall(swipe, screen)).toMatchObject({ ok: false, errors: [{ code: 'PLAN_TOO_LARGE' }] });
  });

  it('refuses a schema-valid sequence of long gestures past the budget, accepts a shorter one', () => {
    const pinch = {
      action: 'pinch',
      center: [500, 500],
      start_span: 200,
      end_span: 600,
      duration_ms: 10000,
      target_description: 'map',
    };
    const long = call('action_sequence', { steps: Array.from({ length: 100 }, () => pinch) }) as ActionCall & {
      args: ToolArgs<'action_sequence'>;
    };
    expect(plannedEvents(long)).toBeGreaterThan(MAX_PLAN_EVENTS);
    expect(planToolCall(long, screen)).toMatchObject({ ok: false, errors: [{ code: 'PLAN_TOO_LARGE' }] });
    expect(planToolCall(call('action_sequence', { steps: Array.from({ length: 10 }, () => pinch) }), screen).ok).toBe(
      true,
    );
  });

  it('the sampler refuses a span past the budget instead of filling memory', () => {
    expect(() =>
      sampleMotionEvents([
        {
          id: 0,
          keyframes: [
            { t_ms: 0, x: 1, y: 1 },
            { t_ms: 2 ** 53 - 1, x: 2, y: 2 },
          ],
        },
      ]),
    ).toThrow(RangeError);
  });
});
