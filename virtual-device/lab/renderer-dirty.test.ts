// The renderer repaints only dirty row bands after a change; this proves the result is byte-for-byte what a
// full redraw of the same state paints, across every kind of visible change the lab has.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../android/test-harness';
import { dirtyBands, paintItems } from './dirty-bands';
import { LabRenderer } from './renderer';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

const id = (name: string) => `com.tactile.lab:id/${name}`;

function centre(name: string): { x: number; y: number } {
  const b = dev.android.lab.findNode(id(name))!.visible_bounds;
  return { x: Math.round((b.left + b.right) / 2), y: Math.round((b.top + b.bottom) / 2) };
}

/** Renders incrementally and from scratch; returns the first differing byte offset (or -1) and the frame's version. */
function compare(): { diffAt: number; version: number } {
  const incremental = dev.android.renderer.render();
  const full = new LabRenderer(dev.android.lab).render();
  expect(full.version).toBe(incremental.version);
  return {
    diffAt:
      Buffer.compare(incremental.rgba, full.rgba) === 0 ? -1 : incremental.rgba.findIndex((v, i) => v !== full.rgba[i]),
    version: incremental.version,
  };
}

describe('dirty-band rendering', () => {
  it('equals a full redraw after each kind of visible change', async () => {
    dev = createTestAndroid();
    const steps: Array<[string, () => unknown]> = [
      [
        'timeline drag',
        () => {
          const { x, y } = centre('timeline');
          const input = dev.android.input;
          input.injectMotion({ action: 'down', pointers: [{ id: 0, x, y }], t_ms: dev.now() });
          for (let i = 1; i <= 5; i++) {
            dev.advance(16);
            input.injectMotion({ action: 'move', pointers: [{ id: 0, x: x - i * 37, y }], t_ms: dev.now() });
          }
          dev.advance(400);
          input.injectMotion({ action: 'up', pointers: [{ id: 0, x: x - 185, y }], t_ms: dev.now() });
        },
      ],
      ['seekbar', () => dev.android.lab.performAction(id('seekbar'), 'set_progress', { value: 73 })],
      ['checkbox', () => dev.run(`input tap ${centre('checkbox').x} ${centre('checkbox').y}`)],
      ['switch', () => dev.run(`input tap ${centre('switch').x} ${centre('switch').y}`)],
      ['text typed', () => dev.android.lab.performAction(id('edit_text'), 'set_text', { text: 'hello mirror' })],
      ['panel opens (shadow)', () => dev.run(`input tap ${centre('panel_open').x} ${centre('panel_open').y}`)],
      ['panel hides', () => dev.advance(3500)],
      ['overlay hidden', () => dev.android.lab.setOverlayVisible(false)],
      ['overlay shown', () => dev.android.lab.setOverlayVisible(true)],
      [
        'list scrolled',
        () => {
          dev.android.lab.performAction(id('list'), 'scroll_forward');
          dev.advance(300);
        },
      ],
      ['grid screen', () => dev.android.lab.performAction(id('dense_button'), 'click')],
      ['back to main', () => dev.run('input keyevent 4')],
      ['details screen', () => dev.android.lab.performAction(id('second_screen_button'), 'click')],
      ['launcher', () => dev.run('input keyevent 3')],
      ['rotation', () => dev.android.setRotation(1)],
      ['landscape change', () => dev.android.lab.launch()],
    ];
    let version = compare().version;
    for (const [label, act] of steps) {
      await act();
      const r = compare();
      expect({ label, diffAt: r.diffAt }).toEqual({ label, diffAt: -1 });
      expect(r.version, `${label} changed nothing visible`).toBeGreaterThan(version);
      version = r.version;
    }
  });

  it('marks only the timeline and its readout dirty for a timeline step', () => {
    dev = createTestAndroid();
    const lab = dev.android.lab;
    const before = paintItems(lab.snapshot(), { timeline: lab.timelineView(), map: lab.mapView() });
    const { x, y } = centre('timeline');
    dev.android.input.injectMotion({ action: 'down', pointers: [{ id: 0, x, y }], t_ms: dev.now() });
    dev.advance(16);
    dev.android.input.injectMotion({ action: 'move', pointers: [{ id: 0, x: x - 60, y }], t_ms: dev.now() });
    const after = paintItems(lab.snapshot(), { timeline: lab.timelineView(), map: lab.mapView() });
    const bands = dirtyBands(before, after, 2400, 64);
    const rows = bands.reduce((n, b) => n + b.bottom - b.top, 0);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(2400 / 4);
    const tl = lab.findNode(id('timeline'))!.bounds;
    expect(bands.some((b) => b.top <= tl.top && b.bottom >= tl.bottom)).toBe(true);
    expect(dirtyBands(after, after, 2400, 64)).toEqual([]);
  });
});
