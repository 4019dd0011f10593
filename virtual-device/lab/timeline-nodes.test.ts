// The timeline's virtual children (ExploreByTouchHelper-like): labelled ticks and the playhead as nodes
// whose text and bounds follow the drawn scale as it pans and zooms, in uiautomator dump and the snapshot.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../android/test-harness';
import { formatClock } from './clock-format';
import type { A11yNode } from './types';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

const TICK = 'com.tactile.lab:id/timeline_tick';
const nodes = (rid: string): A11yNode[] => dev.android.lab.snapshot().nodes.filter((n) => n.resource_id === rid);
const tl = () =>
  (dev.android.lab.stateJson().controls as Record<string, unknown>)['com.tactile.lab:id/timeline'] as {
    center_seconds: number;
    seconds_per_pixel: number;
  };
const secs = (s: string) => s.split(':').reduce((a, b) => a * 60 + Number(b), 0);
const cx = (n: A11yNode) => (n.bounds.left + n.bounds.right) / 2;

/** Every tick sits where the scale shows its label: x = centre + (t − centre value) / seconds-per-px, ±0.5 px. */
function expectTicksOnScale(): void {
  const timeline = dev.android.lab.findNode('com.tactile.lab:id/timeline')!;
  const mid = (timeline.bounds.left + timeline.bounds.right) / 2;
  const { center_seconds, seconds_per_pixel: seconds_per_px } = tl();
  const ticks = nodes(TICK);
  expect(ticks.length).toBeGreaterThanOrEqual(2);
  for (const t of ticks) {
    expect(t.text).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(Math.abs(cx(t) - (mid + (secs(t.text) - center_seconds) / seconds_per_px))).toBeLessThanOrEqual(0.5);
    expect(t.bounds.left).toBeGreaterThanOrEqual(timeline.bounds.left);
    expect(t.bounds.right).toBeLessThanOrEqual(timeline.bounds.right);
  }
}

describe('timeline virtual children', () => {
  it('exposes labelled ticks and the playhead at the indicator, following a pan and a zoom', () => {
    dev = createTestAndroid();
    const timeline = dev.android.lab.findNode('com.tactile.lab:id/timeline')!;
    const [playhead] = nodes('com.tactile.lab:id/playhead');
    expect(cx(playhead!)).toBe((timeline.bounds.left + timeline.bounds.right) / 2);
    expectTicksOnScale();
    const before = nodes(TICK).map((t) => [t.text, cx(t)] as const);

    const y = (timeline.bounds.top + timeline.bounds.bottom) / 2;
    const x = cx(playhead!);
    // A slow pan of 120 px to the left that rests before lifting: no fling; every tick moves 120 px left.
    const input = dev.android.input;
    input.injectMotion({ action: 'down', pointers: [{ id: 0, x, y }] });
    for (let i = 1; i <= 40; i++) {
      dev.advance(16);
      input.injectMotion({ action: 'move', pointers: [{ id: 0, x: x - 3 * i, y }] });
    }
    dev.advance(200);
    input.injectMotion({ action: 'up', pointers: [{ id: 0, x: x - 120, y }] });
    expectTicksOnScale();
    const after = new Map(nodes(TICK).map((t) => [t.text, cx(t)]));
    const shared = before.filter(([text]) => after.has(text));
    expect(shared.length).toBeGreaterThan(0);
    for (const [text, was] of shared) expect(after.get(text)).toBe(was - 120);

    // Zoom in with two fingers: labels get denser in time and stay on the scale.
    const spp = tl().seconds_per_pixel;
    input.injectMotion({ action: 'down', pointers: [{ id: 0, x: x - 100, y }] });
    input.injectMotion({
      action: 'pointer_down',
      action_index: 1,
      pointers: [
        { id: 0, x: x - 100, y },
        { id: 1, x: x + 100, y },
      ],
    });
    for (let i = 1; i <= 10; i++) {
      dev.advance(16);
      input.injectMotion({
        action: 'move',
        pointers: [
          { id: 0, x: x - 100 - 20 * i, y },
          { id: 1, x: x + 100 + 20 * i, y },
        ],
      });
    }
    input.injectMotion({
      action: 'pointer_up',
      action_index: 1,
      pointers: [
        { id: 0, x: x - 300, y },
        { id: 1, x: x + 300, y },
      ],
    });
    input.injectMotion({ action: 'up', pointers: [{ id: 0, x: x - 300, y }] });
    expect(tl().seconds_per_pixel).toBeLessThan(spp);
    expectTicksOnScale();
  });

  it('appears in uiautomator dump with its HH:MM:SS text and bounds', async () => {
    dev = createTestAndroid();
    const { out } = await dev.run('uiautomator dump /dev/tty');
    const tick = nodes(TICK)[0]!;
    const b = tick.bounds;
    expect(out).toContain(`text="${tick.text}" resource-id="${TICK}"`);
    expect(out).toContain(`bounds="[${b.left},${b.top}][${b.right},${b.bottom}]"`);
    expect(out).toContain('resource-id="com.tactile.lab:id/playhead"');
    expect(formatClock(secs(tick.text))).toBe(tick.text);
  });
});
