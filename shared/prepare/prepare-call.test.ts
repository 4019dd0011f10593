// prepareCall is validateToolCall + planToolCall + the capability check, in that order, in one pass: the same
// answer the executor's pipeline acts on (electron/executor/dispatch-plan.test.ts proves the dispatch side).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAP_MS, planContacts, planToolCall, type PointerStroke } from '../gesture';
import { validateToolCall } from '../validation';
import { contactCapabilities, needsHold, needsMultiPointer, prepareCall } from './index';

const screen = { width: 1080, height: 2400 };
const ALL = [
  'inject.single_pointer',
  'inject.multi_pointer',
  'read_control',
  'probe',
  'action.scroll_forward',
  'action.click',
];

const CALLS: Array<{ tool: string; args: Record<string, unknown> }> = [
  { tool: 'click', args: { target: [500, 500] } },
  { tool: 'click', args: { target: [100, 900], times: 3, delay_ms: 120 } },
  {
    tool: 'click_sequence',
    args: {
      sequence: [
        [100, 100],
        [900, 900],
      ],
      delay_ms: 80,
    },
  },
  { tool: 'long_press', args: { target: [250, 750], duration_ms: 800 } },
  { tool: 'swipe', args: { start: [500, 800], end: [500, 200], duration_ms: 300 } },
  {
    tool: 'drag',
    args: {
      start: [10, 2000],
      end: [1070, 2000],
      coordinate_space: 'pixel',
      target_description: 'slider',
      duration_ms: 400,
    },
  },
  { tool: 'pinch', args: { center: [500, 500], start_span: 100, end_span: 300, target_description: 'map' } },
  {
    tool: 'touch_gesture',
    args: {
      target_description: 'two fingers',
      frames: [
        {
          at_ms: 0,
          points: [
            [100, 100],
            [900, 100],
          ],
        },
        {
          at_ms: 200,
          points: [
            [100, 400],
            [900, 400],
          ],
        },
      ],
    },
  },
  {
    tool: 'action_sequence',
    args: {
      steps: [
        { action: 'click', target: [500, 500], target_description: 'ok', coordinate_space: 'normalized', times: 2 },
        { action: 'wait', time_in_ms: 10 },
      ],
    },
  },
];

describe('prepareCall', () => {
  it.each(CALLS)('a valid $tool call: the parsed call and the plan of planToolCall on that screen', (envelope) => {
    const prepared = prepareCall(envelope, screen, ALL);
    const valid = validateToolCall(envelope, { screen });
    if (!valid.ok) throw new Error(JSON.stringify(valid.errors));
    const planned = planToolCall(valid.call, screen);
    if (!planned.ok) throw new Error(JSON.stringify(planned.errors));
    expect(prepared).toEqual({ ok: true, call: valid.call, plan: planned.plan });
  });

  it('plans without re-checking the semantics and still answers as validateToolCall then planToolCall do', () => {
    // Random gestures, valid or not (off the screen, merged or crossing fingers, times out of order), on random
    // screens: prepareCall's one semantic pass gives the composition's answer, issues and plan alike.
    const point = fc.tuple(fc.integer({ min: -5, max: 1100 }), fc.integer({ min: -5, max: 1100 }));
    const gesture = fc.integer({ min: 1, max: 5 }).chain((fingers) =>
      fc.record({
        tool: fc.constant('touch_gesture'),
        args: fc.record({
          target_description: fc.constant('property'),
          coordinate_space: fc.constantFrom('pixel', 'normalized'),
          frames: fc.array(
            fc.record({
              at_ms: fc.integer({ min: 0, max: 3000 }),
              points: fc.array(point, { minLength: fingers, maxLength: fingers }),
            }),
            { minLength: 2, maxLength: 8 },
          ),
        }),
      }),
    );
    const size = fc.record({ width: fc.integer({ min: 1, max: 1200 }), height: fc.integer({ min: 1, max: 1200 }) });
    fc.assert(
      fc.property(gesture, size, (envelope, on) => {
        const valid = validateToolCall(envelope, { screen: on });
        const planned = valid.ok ? planToolCall(valid.call, on) : null;
        const expected = !valid.ok
          ? { ok: false, issues: valid.errors }
          : planned!.ok
            ? { ok: true, call: valid.call, plan: planned!.plan }
            : { ok: false, issues: planned!.errors };
        expect(prepareCall(envelope, on, null)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses with every issue of the first failing stage, exactly as validateToolCall reports them', () => {
    for (const envelope of [
      { tool: 'swipe', args: { start: [500, 500], end: [500, 600], speed: 3 } },
      { tool: 'no_such_tool', args: {} },
      {
        tool: 'drag',
        args: {
          start: [2000, 100],
          end: [10, 10],
          coordinate_space: 'pixel',
          target_description: 'x',
          duration_ms: 100,
        },
      },
      'not an envelope',
    ]) {
      const valid = validateToolCall(envelope, { screen });
      expect(valid.ok).toBe(false);
      expect(prepareCall(envelope, screen, ALL)).toEqual({ ok: false, issues: (valid as { errors: unknown }).errors });
    }
  });

  it('a pixel target off this screen is OFF_SCREEN at its path (semantics run against the given screen)', () => {
    const envelope = {
      tool: 'drag',
      args: { start: [1080, 100], end: [10, 10], coordinate_space: 'pixel', target_description: 'x', duration_ms: 100 },
    };
    const r = prepareCall(envelope, screen, ALL);
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([['OFF_SCREEN', '/args/start']]);
    expect(prepareCall(envelope, { width: 1081, height: 2400 }, ALL).ok).toBe(true);
  });

  it('missing capabilities refuse with the plan kept; unknown capabilities (null) skip that stage only', () => {
    const pinch = CALLS.find((c) => c.tool === 'pinch')!;
    const r = prepareCall(pinch, screen, ['inject.single_pointer']);
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'CAPABILITY_UNAVAILABLE', path: '' }] });
    expect(!r.ok && r.plan?.pointers).toHaveLength(2);
    expect(prepareCall(pinch, screen, null).ok).toBe(true);
    const read = prepareCall({ tool: 'read_control', args: { selector: { resource_id: 'a:id/b' } } }, screen, [
      'inject.single_pointer',
    ]);
    expect(read).toMatchObject({ ok: false, issues: [{ code: 'CAPABILITY_UNAVAILABLE', path: '/args' }] });
    // Repeated taps go one contact at a time: one finger suffices, at the top level and in a sequence member.
    expect(prepareCall(CALLS[1]!, screen, ['inject.single_pointer']).ok).toBe(true);
    expect(prepareCall(CALLS.at(-1)!, screen, ['inject.single_pointer']).ok).toBe(true);
  });

  it('a one-finger drag rests where it arrived: one finger held (inject.hold), not a second segment', () => {
    const drag = CALLS.find((c) => c.tool === 'drag')!;
    const prepared = prepareCall(drag, screen, ALL);
    if (!prepared.ok) throw new Error('refused');
    expect(needsMultiPointer(prepared.plan.pointers)).toBe(false);
    expect(needsHold(prepared.plan.pointers)).toBe(true);
    expect(contactCapabilities(prepared.plan.pointers)).toEqual(['inject.single_pointer', 'inject.hold']);
    // The helper below API 26 injects one finger and holds it: the drag runs there.
    expect(prepareCall(drag, screen, ['inject.single_pointer', 'inject.hold']).ok).toBe(true);
    // `adb shell input` cannot rest before the release: refused, never sent as a flinging swipe.
    expect(prepareCall(drag, screen, ['inject.single_pointer'])).toMatchObject({
      ok: false,
      issues: [{ code: 'CAPABILITY_UNAVAILABLE', path: '' }],
    });
    // A backend that sends timed multi-finger events holds too.
    expect(prepareCall(drag, screen, ['inject.single_pointer', 'inject.multi_pointer']).ok).toBe(true);
    // A swipe lifts as it arrives: one finger, nothing to hold.
    const swipe = prepareCall(
      CALLS.find((c) => c.tool === 'swipe')!,
      screen,
      ['inject.single_pointer'],
    );
    expect(swipe.ok).toBe(true);
  });

  it('a hold before the move is a second segment: multi-pointer injection, even with hold', () => {
    const holdThenDrag: PointerStroke[] = [
      {
        id: 0,
        keyframes: [
          { t_ms: 0, x: 1, y: 1 },
          { t_ms: 300, x: 1, y: 1 },
          { t_ms: 600, x: 1, y: 50 },
          { t_ms: 760, x: 1, y: 50 },
        ],
      },
    ];
    expect(needsMultiPointer(holdThenDrag)).toBe(true);
    expect(contactCapabilities(holdThenDrag)).toEqual(['inject.multi_pointer']);
  });

  it('taps are planned on one clock and sent as one contact each, rebased to their down', () => {
    const r = prepareCall(CALLS[1]!, screen, ALL);
    if (!r.ok) throw new Error('refused');
    expect(r.plan.pointers.map((s) => s.keyframes.map((k) => k.t_ms))).toEqual([
      [0, TAP_MS],
      [170, 170 + TAP_MS],
      [340, 340 + TAP_MS],
    ]);
    const contacts = planContacts(r.plan);
    expect(contacts).toHaveLength(3);
    for (const c of contacts)
      expect(c).toEqual([
        {
          id: 0,
          keyframes: [
            { t_ms: 0, x: 108, y: 2159 },
            { t_ms: TAP_MS, x: 108, y: 2159 },
          ],
        },
      ]);
  });
});
