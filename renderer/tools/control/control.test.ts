// The Control tool's live finger as a state machine: what it puts on the device at each pointer event (the
// fake context records each contact's events), what it replays when nothing is live, and how contacts end.
import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint, type DevicePoint } from '../../../shared/geometry';
import { fakeContext } from '../fake-context';
import { createTools } from '../registry';
import type { PointerInfo } from '../state-node';
import { LONG_PRESS_MS } from '../../../shared/gesture/contact-call';
import { WHEEL_REST_MS } from '../constants';
import { WHEEL_STEP_MS } from './idle';

const screen = { width: 1080, height: 2400 };

// Stage pixels = device pixels / 4 for these events.
const at = (x: number, y: number, timeMs = 0, button = 0): PointerInfo => {
  const device: DevicePoint = devicePoint(x, y);
  return {
    stage: stagePoint(x / 4, y / 4),
    device,
    onScreen: x >= 0 && x < screen.width && y >= 0 && y < screen.height,
    button,
    timeMs,
    stageScale: 0.25,
  };
};
const pts = (...xy: Array<[number, number]>) => xy.map(([x, y]) => ({ x, y }));

describe('control tool: a live finger', () => {
  it('the press puts the finger down at once, a held press sends nothing more, the release lifts it (replay: tap or long press)', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(113, 315, 0));
    expect(control.state).toBe('pointing');
    // Down before any move or release: the device feels the press now.
    expect(f.touches).toEqual([{ kind: 'pointer', events: [{ phase: 'down', points: pts([113, 315]), timeMs: 0 }] }]);
    control.pointerMove(at(115, 316, 10)); // within the slop: the finger still follows
    control.pointerUp(at(115, 316, 80));
    expect(control.state).toBe('idle');
    expect(f.touches[0]!.events.map((e) => e.phase)).toEqual(['down', 'move', 'up']);
    expect(f.touches[0]!.events[2]).toMatchObject({
      points: pts([115, 316]),
      timeMs: 80,
      replay: { tool: 'action_sequence', args: { steps: [{ target: [113, 315], coordinate_space: 'pixel' }] } },
    });
    control.pointerDown(at(200, 300, 1000));
    control.pointerUp(at(200, 300, 1000 + LONG_PRESS_MS + 20));
    expect(f.touches[1]!.events.map((e) => e.phase)).toEqual(['down', 'up']);
    expect(f.touches[1]!.events[1]!.replay).toMatchObject({
      tool: 'touch_gesture',
      args: { frames: [{ at_ms: 0 }, { at_ms: LONG_PRESS_MS + 20 }] },
    });
    expect(f.sent).toEqual([]); // nothing goes through the executor when live
  });

  it('a drag streams every move in order and draws its path; the replay is one pixel drag press → release', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(100, 1000, 0));
    control.pointerMove(at(200, 1000, 50));
    expect(control.state).toBe('dragging');
    control.pointerMove(at(300, 1010, 100));
    expect(f.feedback.at(-1)).toMatchObject({
      kind: 'path',
      outside: false,
      points: pts([100, 1000], [200, 1000], [300, 1010]),
    });
    control.pointerUp(at(400, 1010, 300));
    const events = f.touches[0]!.events;
    expect(events.map((e) => [e.phase, e.points?.[0], e.timeMs])).toEqual([
      ['down', { x: 100, y: 1000 }, 0],
      ['move', { x: 200, y: 1000 }, 50],
      ['move', { x: 300, y: 1010 }, 100],
      ['up', { x: 400, y: 1010 }, 300],
    ]);
    expect(events[3]!.replay).toMatchObject({
      tool: 'drag',
      args: { start: [100, 1000], end: [400, 1010], coordinate_space: 'pixel', duration_ms: 300 },
    });
    expect(f.feedback.at(-1)).toBeNull();
  });

  it('with raw pointer updates the finger follows them, and the frame-aligned moves only draw', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(100, 1000, 0));
    control.pointerRawMove(at(104, 1000, 3));
    control.pointerRawMove(at(108, 1000, 6));
    control.pointerMove(at(108, 1000, 6)); // within the slop: pointing
    control.pointerRawMove(at(200, 1000, 9));
    control.pointerMove(at(200, 1000, 9)); // beyond it: dragging, drawn
    control.pointerRawMove(at(300, 1000, 12));
    control.pointerMove(at(300, 1000, 12));
    control.pointerUp(at(300, 1000, 20));
    expect(f.touches[0]!.events.map((e) => [e.phase, e.points?.[0]?.x, e.timeMs])).toEqual([
      ['down', 100, 0],
      ['move', 104, 3],
      ['move', 108, 6],
      ['move', 200, 9],
      ['move', 300, 12],
      ['up', 300, 20],
    ]);
    expect(f.feedback.at(-2)).toMatchObject({ kind: 'path', points: pts([100, 1000], [200, 1000], [300, 1000]) });
  });

  it('the pointer leaving the picture lifts the finger where it last was on the screen (never clamped), and says so', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(100, 2300, 0));
    control.pointerMove(at(100, 2390, 50));
    control.pointerMove(at(100, 2460, 80));
    control.pointerMove(at(100, 2300, 120)); // back over the picture: the finger is already up
    control.pointerUp(at(100, 2300, 200));
    const events = f.touches[0]!.events;
    expect(events.map((e) => e.phase)).toEqual(['down', 'move', 'up']);
    expect(events[2]).toMatchObject({
      points: pts([100, 2390]),
      timeMs: 80,
      replay: { tool: 'drag', args: { start: [100, 2300], end: [100, 2390] } },
    });
    expect(f.notes.at(-1)!.text).toMatch(/left the screen at px \(100, 2460\).*lifted at px \(100, 2390\)/);
    expect(f.feedback.at(-1)).toMatchObject({ kind: 'path', outside: true });
    expect(control.state).toBe('idle');
  });

  it('a press beside the picture puts no finger down', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(-3, 500, 0));
    expect(control.state).toBe('idle');
    expect(f.touches).toEqual([]);
    expect(f.notes.at(-1)!.text).toMatch(/outside the screen.*\(-3, 500\).*OFF_SCREEN/);
  });

  it('Esc, a lost focus and a hidden tab end the contact with a cancel, never an up', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(100, 1000, 0));
    control.pointerMove(at(300, 1000, 50));
    expect(control.cancel()).toBe(true);
    control.pointerUp(at(300, 1000, 100));
    expect(f.touches[0]!.events.map((e) => e.phase)).toEqual(['down', 'move', 'cancel']);
    expect(f.touches[0]!.events[2]!.reason).toBe('escape');
    expect(control.cancel()).toBe(false); // nothing left to cancel
    control.pointerDown(at(100, 1000, 200));
    control.interrupt('focus-lost');
    control.pointerDown(at(100, 1000, 300));
    control.pointerMove(at(100, 900, 350));
    control.interrupt('hidden');
    expect(f.touches.slice(1).map((t) => t.events.at(-1))).toEqual([
      { phase: 'cancel', reason: 'focus-lost' },
      { phase: 'cancel', reason: 'hidden' },
    ]);
  });
});

describe('control tool: wheel and right-click', () => {
  it('right-click is Back, sent at the press', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(500, 500, 0, 2));
    expect(f.sent[0]).toEqual({ tool: 'press_key', args: { key: 'back' } });
    expect(control.state).toBe('idle');
    expect(f.touches).toEqual([]);
  });

  it('the wheel is a finger dragged against the deltas (one stage pixel per page pixel), lifted once the wheel rests', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.wheel({ ...at(540, 1200), deltaY: 25 }); // 25 stage px = 100 device px at ×0.25
    expect(f.touches[0]!.events[0]).toMatchObject({ phase: 'down', points: pts([540, 1200]) });
    for (let i = 0; i < 40 && f.timers.size > 0; i++) f.runTimers();
    const events = f.touches[0]!.events;
    const ys = events.map((e) => e.points![0]!.y);
    expect(events.at(-1)!.phase).toBe('up');
    expect(ys.at(-1)).toBe(1100); // the finger travelled exactly the wheel's distance, upwards
    expect(ys.every((y, i) => i === 0 || y <= ys[i - 1]!)).toBe(true); // eased, never back
    expect(events.filter((e) => e.phase === 'move').length).toBeGreaterThan(2); // a path, not a jump
    // The lift waits for the rest: at least WHEEL_REST_MS of steps spent at the target.
    expect(WHEEL_REST_MS / WHEEL_STEP_MS).toBeGreaterThan(1);
    expect(events.at(-1)!.replay).toMatchObject({ tool: 'swipe' });
  });

  it('a wheel finger that would leave the screen lifts at the edge; a press ends a wheel finger first', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.wheel({ ...at(540, 2390), deltaY: -10 }); // finger moves down by 40 px: past the bottom edge
    for (let i = 0; i < 40 && f.timers.size > 0; i++) f.runTimers();
    const first = f.touches[0]!.events;
    expect(first.at(-1)!.phase).toBe('up');
    expect(first.every((e) => e.points!.every((p) => p.y < 2400))).toBe(true);
    expect(f.notes.at(-1)!.text).toMatch(/edge/);
    control.wheel({ ...at(540, 1200), deltaY: 100 });
    control.pointerDown(at(100, 100, 5));
    expect(f.touches[1]!.events.at(-1)!.phase).toBe('up');
    expect(f.touches[2]!.kind).toBe('pointer');
  });
});

describe('control tool, Ctrl+drag: two live fingers', () => {
  it('both fingers go down at the press (pointer and its mirror through the centre), move together and lift together', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown({ ...at(640, 1200, 0), ctrl: true });
    expect(control.state).toBe('pinching');
    expect(f.touches[0]).toEqual({
      kind: 'pinch',
      events: [{ phase: 'down', points: pts([640, 1200], [440, 1200]), timeMs: 0 }],
    });
    control.pointerMove({ ...at(700, 1200, 40), ctrl: true });
    expect(f.feedback.at(-1)).toMatchObject({
      kind: 'press',
      at: { x: 540, y: 1200 },
      preview: { tool: 'touch_gesture' },
    });
    control.pointerUp({ ...at(740, 1300, 100), ctrl: true });
    const events = f.touches[0]!.events;
    expect(events.slice(1).map((e) => [e.phase, e.points])).toEqual([
      ['move', pts([700, 1200], [380, 1200])],
      ['up', pts([740, 1300], [340, 1100])],
    ]);
    expect(events[2]!.replay).toMatchObject({
      tool: 'touch_gesture',
      args: {
        frames: [
          {
            at_ms: 0,
            points: [
              [640, 1200],
              [440, 1200],
            ],
          },
          { at_ms: 40 },
          { at_ms: 100 },
        ],
      },
    });
  });

  it('Shift+Ctrl pivots on the press: the fingers go down at the first move, where they are apart; Esc cancels', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown({ ...at(300, 300, 0), ctrl: true, shift: true });
    expect(f.touches).toEqual([]);
    control.pointerMove({ ...at(301, 300, 8), ctrl: true, shift: true });
    expect(f.touches[0]!.events[0]).toMatchObject({ phase: 'down', points: pts([301, 300], [299, 300]) });
    control.cancel();
    expect(f.touches[0]!.events.at(-1)).toEqual({ phase: 'cancel', reason: 'escape' });
  });

  it('a finger about to leave the screen lifts both where they last were', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown({ ...at(540, 100, 0), ctrl: true });
    control.pointerMove({ ...at(540, 60, 20), ctrl: true });
    control.pointerMove({ ...at(540, -5, 40), ctrl: true }); // the pointer itself left
    control.pointerUp({ ...at(540, -5, 60), ctrl: true });
    const events = f.touches[0]!.events;
    expect(events.map((e) => e.phase)).toEqual(['down', 'move', 'up']);
    expect(events[2]!.points).toEqual(pts([540, 60], [540, 2340]));
  });
});
