import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint, type DevicePoint } from '../../shared/geometry';
import { createTools, toolForShortcut } from './registry';
import type { PointerInfo } from './state-node';
import { fakeContext } from './fake-context';

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
  };
};

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
    expect([toolForShortcut(tools, 'i'), toolForShortcut(tools, 'C'), toolForShortcut(tools, 'x')]).toEqual([
      'inspect',
      'control',
      null,
    ]);
  });
});
