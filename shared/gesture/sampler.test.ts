import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sampleMotionEvents, type MotionEventPlan } from './sampler';
import type { PointerStroke } from './timeline';

describe('sampleMotionEvents (golden)', () => {
  it('turns a hold-then-move two-finger gesture into Android-style events', () => {
    const strokes: PointerStroke[] = [
      {
        id: 0,
        keyframes: [
          { t_ms: 0, x: 100, y: 100 },
          { t_ms: 100, x: 100, y: 100 },
          { t_ms: 200, x: 300, y: 100 },
        ],
      },
      {
        id: 1,
        keyframes: [
          { t_ms: 0, x: 500, y: 500 },
          { t_ms: 200, x: 500, y: 700 },
        ],
      },
    ];
    expect(sampleMotionEvents(strokes, { periodMs: 100 })).toEqual([
      { t_ms: 0, action: 'down', action_index: 0, pointers: [{ id: 0, x: 100, y: 100 }] },
      {
        t_ms: 0,
        action: 'pointer_down',
        action_index: 1,
        pointers: [
          { id: 0, x: 100, y: 100 },
          { id: 1, x: 500, y: 500 },
        ],
      },
      {
        t_ms: 100,
        action: 'move',
        action_index: 0,
        pointers: [
          { id: 0, x: 100, y: 100 },
          { id: 1, x: 500, y: 600 },
        ],
      },
      {
        t_ms: 200,
        action: 'move',
        action_index: 0,
        pointers: [
          { id: 0, x: 300, y: 100 },
          { id: 1, x: 500, y: 700 },
        ],
      },
      {
        t_ms: 200,
        action: 'pointer_up',
        action_index: 1,
        pointers: [
          { id: 0, x: 300, y: 100 },
          { id: 1, x: 500, y: 700 },
        ],
      },
      { t_ms: 200, action: 'up', action_index: 0, pointers: [{ id: 0, x: 300, y: 100 }] },
    ]);
  });

  it('samples at the configured rate, includes keyframe times and rounds half up', () => {
    const strokes = [
      {
        id: 0,
        keyframes: [
          { t_ms: 0, x: 0, y: 0 },
          { t_ms: 50, x: 5, y: 1 },
        ],
      },
    ];
    const events = sampleMotionEvents(strokes, { periodMs: 20 });
    expect(events.map((e) => [e.t_ms, e.action, e.pointers[0]!.x, e.pointers[0]!.y])).toEqual([
      [0, 'down', 0, 0],
      [20, 'move', 2, 0], // (2, 0.4)
      [40, 'move', 4, 1], // (4, 0.8)
      [50, 'move', 5, 1],
      [50, 'up', 5, 1],
    ]);
  });

  it('lifts between repeated taps of one finger and sends nothing while no finger is down', () => {
    const strokes = [
      {
        id: 0,
        keyframes: [
          { t_ms: 0, x: 10, y: 10 },
          { t_ms: 50, x: 10, y: 10 },
        ],
      },
      {
        id: 0,
        keyframes: [
          { t_ms: 150, x: 20, y: 20 },
          { t_ms: 200, x: 20, y: 20 },
        ],
      },
    ];
    const events = sampleMotionEvents(strokes);
    expect(events.filter((e) => e.action === 'down').map((e) => e.t_ms)).toEqual([0, 150]);
    expect(events.filter((e) => e.action === 'up').map((e) => e.t_ms)).toEqual([50, 200]);
    expect(events.some((e) => e.t_ms > 50 && e.t_ms < 150)).toBe(false);
  });

  it('orders pointers by id and reports the index of a finger joining or leaving mid-gesture', () => {
    const strokes = [
      {
        id: 2,
        keyframes: [
          { t_ms: 0, x: 0, y: 0 },
          { t_ms: 100, x: 0, y: 0 },
        ],
      },
      {
        id: 1,
        keyframes: [
          { t_ms: 30, x: 5, y: 5 },
          { t_ms: 60, x: 5, y: 5 },
        ],
      },
    ];
    const events = sampleMotionEvents(strokes, { periodMs: 1000 });
    expect(events.map((e) => [e.t_ms, e.action, e.action_index, e.pointers.map((p) => p.id)])).toEqual([
      [0, 'down', 0, [2]],
      [30, 'move', 0, [2]],
      [30, 'pointer_down', 0, [1, 2]],
      [60, 'move', 0, [1, 2]],
      [60, 'pointer_up', 0, [1, 2]],
      [100, 'move', 0, [2]],
      [100, 'up', 0, [2]],
    ]);
  });

  it('refuses a non-positive period and plans nothing for no strokes', () => {
    expect(() => sampleMotionEvents([], { periodMs: 0 })).toThrow(RangeError);
    expect(sampleMotionEvents([])).toEqual([]);
  });
});

describe('sampleMotionEvents (properties)', () => {
  const frames = fc
    .integer({ min: 1, max: 5 })
    .chain((fingers) =>
      fc.array(
        fc.tuple(
          fc.integer({ min: 1, max: 500 }),
          fc.array(fc.tuple(fc.nat(1079), fc.nat(2399)), { minLength: fingers, maxLength: fingers }),
        ),
        { minLength: 2, maxLength: 32 },
      ),
    );
  const toStrokes = (fr: Array<[number, Array<[number, number]>]>): PointerStroke[] => {
    let t = 0;
    const times = fr.map(([dt], i) => (i === 0 ? 0 : (t += dt)));
    return fr[0]![1].map((_, id) => ({
      id,
      keyframes: fr.map(([, pts], i) => ({ t_ms: times[i]!, x: pts[id]![0], y: pts[id]![1] })),
    }));
  };

  it('is one continuous contact: all fingers down at 0, up at the end, consistent pointer counts', () => {
    fc.assert(
      fc.property(frames, fc.integer({ min: 1, max: 50 }), (fr, period) => {
        const strokes = toStrokes(fr);
        const end = strokes[0]!.keyframes[strokes[0]!.keyframes.length - 1]!.t_ms;
        const events: MotionEventPlan[] = sampleMotionEvents(strokes, { periodMs: period });
        const n = strokes.length;
        let inContact = 0;
        let lastT = 0;
        for (const e of events) {
          if (e.t_ms < lastT) return false;
          lastT = e.t_ms;
          if (e.action === 'down' || e.action === 'pointer_down') inContact++;
          if (e.pointers.length !== inContact) return false;
          if (e.action === 'pointer_up' || e.action === 'up') inContact--;
          const single = e.action === 'down' || e.action === 'up';
          const multi = e.action === 'pointer_down' || e.action === 'pointer_up';
          if ((single && e.pointers.length !== 1) || (multi && e.pointers.length < 2)) return false;
        }
        const downs = events.filter((e) => e.t_ms === 0 && e.action !== 'move').length;
        return inContact === 0 && downs === n && events[events.length - 1]!.action === 'up' && lastT === end;
      }),
    );
  });

  it('hits every keyframe exactly', () => {
    fc.assert(
      fc.property(frames, (fr) => {
        const strokes = toStrokes(fr);
        const events = sampleMotionEvents(strokes, { periodMs: 7 });
        return strokes.every((s) =>
          s.keyframes.every((k) =>
            events.some(
              (e) => e.t_ms === k.t_ms && e.pointers.some((p) => p.id === s.id && p.x === k.x && p.y === k.y),
            ),
          ),
        );
      }),
    );
  });
});
