import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppKeyEvent, AppMotionEvent } from '../lab/types';
import { InputDispatcher, type MotionEventInput } from './input-dispatcher';

function setup() {
  let t = 1000;
  const motions: AppMotionEvent[] = [];
  const keys: AppKeyEvent[] = [];
  const d = new InputDispatcher(
    { dispatchMotion: (e) => (motions.push(e), 7), dispatchKey: (e) => void keys.push(e) },
    () => t,
  );
  return { d, motions, keys, advance: (ms: number) => (t += ms) };
}

const p = (id: number, x = 10 * id + 5, y = 20) => ({ id, x, y });

describe('InputDispatcher', () => {
  it('accepts a consistent multi-pointer stream, tracks max pointers and timestamps every event', () => {
    const { d, motions, advance } = setup();
    expect(d.injectMotion({ action: 'down', pointers: [p(0)], t_ms: 0 }).ok).toBe(true);
    advance(4);
    expect(d.injectMotion({ action: 'pointer_down', action_index: 1, pointers: [p(0), p(1)], t_ms: 5 }).ok).toBe(true);
    expect(d.injectMotion({ action: 'pointer_down', action_index: 2, pointers: [p(0), p(1), p(2)] }).ok).toBe(true);
    advance(10);
    expect(d.injectMotion({ action: 'move', pointers: [p(0, 6), p(1, 16), p(2, 26)] }).ok).toBe(true);
    expect(d.injectMotion({ action: 'pointer_up', action_index: 0, pointers: [p(0), p(1), p(2)] }).ok).toBe(true);
    expect(d.injectMotion({ action: 'pointer_up', action_index: 1, pointers: [p(1), p(2)] }).ok).toBe(true);
    expect(d.maxPointers).toBe(3);
    expect(d.injectMotion({ action: 'up', pointers: [p(1)] }).ok).toBe(true);
    expect(d.inputEventCount).toBe(7);
    expect(d.maxPointers).toBe(3);
    expect(d.lastGesture).toMatchObject({
      ended: 'up',
      event_count: 7,
      max_pointers: 3,
      window_id: 7,
      start_ms: 1000,
      end_ms: 1014,
    });
    expect(d.received().map((e) => [e.t_ms, e.received_ms])).toEqual([
      [0, 1000],
      [5, 1004],
      [null, 1004],
      [null, 1014],
      [null, 1014],
      [null, 1014],
      [null, 1014],
    ]);
    expect(motions.map((m) => m.action)).toEqual([
      'down',
      'pointer_down',
      'pointer_down',
      'move',
      'pointer_up',
      'pointer_up',
      'up',
    ]);
    expect(d.pointersDown).toBe(0);
  });

  it("gives the app the event's own time (MotionEvent eventTime), not a late receive time", () => {
    const { d, motions, advance } = setup();
    d.injectMotion({ action: 'down', pointers: [p(0)], t_ms: 1000 });
    advance(300); // the injector woke up late: three events stamped 16 ms apart arrive at once
    d.injectMotion({ action: 'move', pointers: [p(0, 50)], t_ms: 1016 });
    d.injectMotion({ action: 'move', pointers: [p(0, 90)], t_ms: 1032 });
    d.injectMotion({ action: 'up', pointers: [p(0, 90)] });
    expect(motions.map((m) => m.time_ms)).toEqual([1000, 1016, 1032, 1300]);
    expect(d.received().map((e) => e.received_ms)).toEqual([1000, 1300, 1300, 1300]);
  });

  it('refuses inconsistent events without counting or delivering them', () => {
    const { d, motions } = setup();
    const bad: MotionEventInput[] = [
      { action: 'move', pointers: [p(0)] },
      { action: 'up', pointers: [p(0)] },
      { action: 'pointer_down', action_index: 1, pointers: [p(0), p(1)] },
      { action: 'down', pointers: [p(0), p(1)] },
      { action: 'down', pointers: [{ id: 0, x: Number.NaN, y: 1 }] },
      { action: 'down', pointers: [{ id: 40, x: 1, y: 1 }] },
      { action: 'cancel', pointers: [p(0)] },
    ];
    for (const e of bad) expect(d.injectMotion(e).ok).toBe(false);
    d.injectMotion({ action: 'down', pointers: [p(0)] });
    expect(d.injectMotion({ action: 'down', pointers: [p(1)] }).ok).toBe(false);
    expect(d.injectMotion({ action: 'move', pointers: [p(0), p(1)] }).ok).toBe(false);
    expect(d.injectMotion({ action: 'up', pointers: [p(1)] }).ok).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => p(i));
    expect(d.injectMotion({ action: 'move', pointers: eleven }).ok).toBe(false);
    expect(d.inputEventCount).toBe(1);
    expect(d.rejectedEventCount).toBe(bad.length + 4);
    expect(motions).toHaveLength(1);
  });

  it('does not clamp: off-screen coordinates are delivered as given', () => {
    const { d, motions } = setup();
    d.injectMotion({ action: 'down', pointers: [{ id: 0, x: -50, y: 99999 }] });
    expect(motions[0]!.pointers[0]).toEqual({ id: 0, x: -50, y: 99999 });
  });

  it('counts key events and passes the typed character', () => {
    const { d, keys } = setup();
    d.injectKey({ action: 'down', key_code: 29, char: 'a' });
    d.injectKey({ action: 'up', key_code: 29 });
    expect(d.inputEventCount).toBe(2);
    expect(keys.map((k) => [k.action, k.key_code, k.char])).toEqual([
      ['down', 29, 'a'],
      ['up', 29, null],
    ]);
  });

  it('property: any n-finger press/release sequence reports max_pointers = n and ends with no pointer down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.boolean(), (n, cancel) => {
        const { d } = setup();
        const ps = Array.from({ length: n }, (_, i) => p(i));
        d.injectMotion({ action: 'down', pointers: [ps[0]!] });
        for (let i = 1; i < n; i++)
          expect(d.injectMotion({ action: 'pointer_down', action_index: i, pointers: ps.slice(0, i + 1) }).ok).toBe(
            true,
          );
        if (cancel) d.injectMotion({ action: 'cancel', pointers: ps });
        else {
          for (let k = n; k > 1; k--)
            expect(d.injectMotion({ action: 'pointer_up', action_index: k - 1, pointers: ps.slice(0, k) }).ok).toBe(
              true,
            );
          expect(d.injectMotion({ action: 'up', pointers: [ps[0]!] }).ok).toBe(true);
        }
        expect(d.maxPointers).toBe(n);
        expect(d.pointersDown).toBe(0);
      }),
    );
  });
});
