import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint, type DevicePoint } from '../../shared/geometry';
import { createTools, toolForShortcut } from './registry';
import type { PointerInfo } from './state-node';
import { fakeContext } from './fake-context';

const screen = { width: 1080, height: 2400 };

// Stage pixels = device pixels / 4 for these events.
const at = (x: number, y: number, timeMs = 0, button = 0): PointerInfo => {
  const device: DevicePoint = devicePoint(x, y);
  return { stage: stagePoint(x / 4, y / 4), device, onScreen: x >= 0 && x < screen.width && y >= 0 && y < screen.height, button, timeMs };
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

  it('shortcuts I and C name the tools', () => {
    const tools = createTools(fakeContext().ctx);
    expect([toolForShortcut(tools, 'i'), toolForShortcut(tools, 'C'), toolForShortcut(tools, 'x')]).toEqual(['inspect', 'control', null]);
  });
});

