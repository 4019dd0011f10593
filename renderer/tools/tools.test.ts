import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint, type DevicePoint } from '../../shared/geometry';
import { LONG_PRESS_MS, WHEEL_REST_MS } from './control/control-tool';
import { createTools, toolForShortcut } from './registry';
import type { PointerInfo } from './state-node';
import { fakeContext } from './fake-context';

const screen = { width: 1080, height: 2400 };

// Stage pixels = device pixels / 4 for these events.
const at = (x: number, y: number, timeMs = 0, button = 0): PointerInfo => {
  const device: DevicePoint = devicePoint(x, y);
  return { stage: stagePoint(x / 4, y / 4), device, onScreen: x >= 0 && x < screen.width && y >= 0 && y < screen.height, button, timeMs };
};

describe('control tool (idle → pointing → dragging)', () => {
  it('a quick press and release is a tap on the exact pixel; a long hold a long press', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(113, 315, 0));
    expect(control.state).toBe('pointing');
    control.pointerMove(at(115, 316, 10)); // within the slop
    control.pointerUp(at(115, 316, 80));
    expect(control.state).toBe('idle');
    expect(f.sent[0]!.args).toMatchObject({ steps: [{ target: [113, 315], coordinate_space: 'pixel' }] });
    control.pointerDown(at(200, 300, 1000));
    control.pointerUp(at(200, 300, 1000 + LONG_PRESS_MS + 20));
    expect(f.sent[1]).toMatchObject({ tool: 'touch_gesture', args: { frames: [{ at_ms: 0 }, { at_ms: LONG_PRESS_MS + 20 }] } });
  });

  it('a drag draws its path live and sends one pixel drag from press to release', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(100, 1000, 0));
    control.pointerMove(at(200, 1000, 50));
    expect(control.state).toBe('dragging');
    control.pointerMove(at(300, 1010, 100));
    const live = f.feedback.at(-1);
    expect(live).toMatchObject({ kind: 'path', outside: false, points: [{ x: 100, y: 1000 }, { x: 200, y: 1000 }, { x: 300, y: 1010 }], preview: { tool: 'drag' } });
    control.pointerUp(at(400, 1010, 300));
    expect(f.sent).toEqual([expect.objectContaining({ tool: 'drag', args: expect.objectContaining({ start: [100, 1000], end: [400, 1010], coordinate_space: 'pixel', duration_ms: 300 }) })]);
    expect(f.feedback.at(-1)).toBeNull();
  });

  it('a drag released outside the mirror is not sent, and the operator is told why', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(100, 2300, 0));
    control.pointerMove(at(100, 2390, 50));
    control.pointerUp(at(100, 2460, 200));
    expect(f.sent).toEqual([]);
    expect(f.notes.at(-1)).toMatchObject({ kind: 'error' });
    expect(f.notes.at(-1)!.text).toMatch(/not sent.*outside the screen.*\(100, 2460\).*OFF_SCREEN/);
    expect(f.feedback.at(-1)).toMatchObject({ kind: 'path', outside: true });
    expect(control.state).toBe('idle');
  });

  it('Esc cancels a drag in progress; an interrupt (device switched) drops a pending wheel burst', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(100, 1000, 0));
    control.pointerMove(at(300, 1000, 50));
    expect(control.cancel()).toBe(true);
    control.pointerUp(at(300, 1000, 100));
    expect(f.sent).toEqual([]);
    expect(control.cancel()).toBe(false); // nothing left to cancel
    control.wheel({ ...at(540, 1200), deltaY: 100 });
    control.interrupt('device-switched');
    f.runTimers();
    expect(f.sent).toEqual([]);
  });

  it('right-click is Back; the wheel sends one swipe per burst, shortened explicitly near an edge', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown(at(500, 500, 0, 2));
    expect(f.sent[0]).toEqual({ tool: 'press_key', args: { key: 'back' } });
    expect(control.state).toBe('idle');
    control.wheel({ ...at(540, 2200), deltaY: -100 });
    control.wheel({ ...at(540, 2200), deltaY: -20 });
    expect(f.timers.size).toBe(1);
    f.runTimers();
    expect(f.sent[1]).toMatchObject({ tool: 'swipe', args: { start: [500, 917], end: [500, 1000] } });
    expect(f.notes.at(-1)!.text).toMatch(/shortened/);
    expect(WHEEL_REST_MS).toBeGreaterThan(0);
  });
});

describe('control tool, Ctrl+drag (pinching)', () => {
  it('Ctrl+drag sends one touch_gesture: the pointer and its mirror through the screen centre', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown({ ...at(640, 1200, 0), ctrl: true });
    expect(control.state).toBe('pinching');
    control.pointerMove({ ...at(700, 1200, 40), ctrl: true });
    expect(f.feedback.at(-1)).toMatchObject({ kind: 'press', at: { x: 540, y: 1200 }, preview: { tool: 'touch_gesture' } });
    control.pointerUp({ ...at(740, 1300, 100), ctrl: true });
    expect(f.sent).toEqual([{
      tool: 'touch_gesture',
      args: expect.objectContaining({
        coordinate_space: 'pixel',
        frames: [
          { at_ms: 0, points: [[640, 1200], [440, 1200]] },
          { at_ms: 40, points: [[700, 1200], [380, 1200]] },
          { at_ms: 100, points: [[740, 1300], [340, 1100]] },
        ],
      }),
    }]);
  });

  it('Shift+Ctrl+drag pivots on the press point; a long path keeps 32 keyframes, first and last included; Esc sends nothing', () => {
    const f = fakeContext();
    const { control } = createTools(f.ctx);
    control.pointerDown({ ...at(300, 300, 0), ctrl: true, shift: true });
    for (let i = 1; i <= 100; i++) control.pointerMove({ ...at(300 + i, 300, i * 8), ctrl: true, shift: true });
    control.pointerUp({ ...at(401, 300, 808), ctrl: true, shift: true });
    const frames = (f.sent[0]!.args as { frames: Array<{ at_ms: number; points: number[][] }> }).frames;
    expect(frames).toHaveLength(32);
    expect(frames[0]).toEqual({ at_ms: 0, points: [[301, 300], [299, 300]] });
    expect(frames.at(-1)).toEqual({ at_ms: 800, points: [[401, 300], [199, 300]] });
    expect(frames.every((fr, i) => i === 0 || fr.at_ms > frames[i - 1]!.at_ms)).toBe(true);
    control.pointerDown({ ...at(300, 300, 1000), ctrl: true });
    control.pointerMove({ ...at(350, 300, 1040), ctrl: true });
    control.cancel();
    control.pointerUp({ ...at(350, 300, 1100), ctrl: true });
    expect(f.sent).toHaveLength(1);
  });
});

describe('inspect tool and the registry', () => {
  it('press and release select the node under the press; Esc before the release selects nothing', () => {
    const f = fakeContext();
    const { inspect } = createTools(f.ctx);
    inspect.pointerDown(at(50, 50));
    inspect.pointerUp(at(50, 50));
    inspect.pointerDown(at(50, 50));
    inspect.cancel();
    inspect.pointerUp(at(50, 50));
    expect(f.selected).toEqual([7]);
  });

  it('transitions are typed per state: each state enters with exactly what its onEnter takes', () => {
    const f = fakeContext();
    const { control, inspect, region } = createTools(f.ctx);
    const compileOnly = (fn: () => void) => fn; // checked by the type checker, never run
    compileOnly(() => {
      // @ts-expect-error dragging enters with the press and the first move
      control.transition('dragging');
      // @ts-expect-error pointing enters with the node index, not a pointer
      inspect.transition('pointing', at(1, 1));
      // @ts-expect-error no such state
      region.transition('pinching');
      // @ts-expect-error idle enters with nothing
      control.transition('idle', at(1, 1));
    });
    inspect.transition('pointing', 7);
    inspect.pointerUp(at(1, 1));
    expect(f.selected).toEqual([7]);
    control.transition('pointing', at(100, 100));
    expect(control.state).toBe('pointing');
    region.transition('drawing', { down: at(10, 10), stepId: 'step1' });
    expect(region.state).toBe('drawing');
  });

  it('shortcuts I and C name the tools', () => {
    const tools = createTools(fakeContext().ctx);
    expect([toolForShortcut(tools, 'i'), toolForShortcut(tools, 'C'), toolForShortcut(tools, 'x')]).toEqual(['inspect', 'control', null]);
  });
});

