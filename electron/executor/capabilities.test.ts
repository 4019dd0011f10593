// Which tools a device is offered from its backend's capabilities: a gesture its backend cannot send is not
// offered (seed 002), so `tactile mcp` and the console list only what the device can run.
import { describe, expect, it } from 'vitest';
import { offeredTools } from './capabilities';

const NATIVE = ['observe', 'read_control', 'probe'];

describe('offeredTools', () => {
  it('the helper below API 26 (one finger, held) offers drag but neither pinch nor touch_gesture', () => {
    const tools = offeredTools([...NATIVE, 'inject.single_pointer', 'inject.hold']);
    expect(tools).toContain('drag');
    expect(tools).toContain('swipe');
    expect(tools).not.toContain('pinch');
    expect(tools).not.toContain('touch_gesture');
  });

  it('adb shell input (one finger, no hold) offers neither drag nor the multi-finger gestures', () => {
    const tools = offeredTools(['inject.single_pointer']);
    expect(tools).toContain('click');
    expect(tools).toContain('swipe');
    for (const t of ['drag', 'pinch', 'touch_gesture', 'read_control', 'wait_until'] as const)
      expect(tools).not.toContain(t);
  });

  it('multi-finger injection implies hold: every gesture is offered', () => {
    const tools = offeredTools([...NATIVE, 'inject.single_pointer', 'inject.multi_pointer']);
    for (const t of ['drag', 'pinch', 'touch_gesture', 'read_control', 'wait_until', 'scroll_to'] as const)
      expect(tools).toContain(t);
  });
});
