// The lab's widgets reacting to injected input, end to end through the InputDispatcher and the shell.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../android/test-harness';
import { MIN_SECONDS_PER_PX } from './timeline-model';
import type { A11yNode } from './types';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

const id = (name: string) => `com.tactile.lab:id/${name}`;
const node = (name: string): A11yNode => {
  const n = dev.android.lab.findNode(id(name));
  if (!n) throw new Error(`no node ${name}`);
  return n;
};
const center = (name: string) => {
  const b = node(name).visible_bounds;
  return { x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 };
};
const state = () => dev.android.lab.stateJson().controls as Record<string, Record<string, unknown>>;

/** One finger along `points`, `stepMs` apart, then lifted (after `holdMs` at the last point). */
function drag(points: Array<[number, number]>, stepMs: number, holdMs = 0): void {
  const input = dev.android.input;
  const [x0, y0] = points[0]!;
  input.injectMotion({ action: 'down', pointers: [{ id: 0, x: x0, y: y0 }] });
  for (const [x, y] of points.slice(1)) {
    dev.advance(stepMs);
    input.injectMotion({ action: 'move', pointers: [{ id: 0, x, y }] });
  }
  dev.advance(holdMs);
  const [xn, yn] = points[points.length - 1]!;
  input.injectMotion({ action: 'up', pointers: [{ id: 0, x: xn, y: yn }] });
}

const line = (from: [number, number], to: [number, number], steps: number): Array<[number, number]> =>
  Array.from({ length: steps + 1 }, (_, i) => [
    from[0] + ((to[0] - from[0]) * i) / steps,
    from[1] + ((to[1] - from[1]) * i) / steps,
  ]);

describe('lab widgets under injected input', () => {
  it('tapping Play makes it Pause and the readout advances 1 s per s while playing', async () => {
    dev = createTestAndroid();
    const { x, y } = center('play_pause');
    const t0 = node('current_time').text;
    await dev.run(`input tap ${x} ${y}`);
    expect(node('play_pause').content_desc).toBe('Pause');
    dev.advance(3000);
    const secs = (s: string) => s.split(':').reduce((a, b) => a * 60 + Number(b), 0);
    expect(secs(node('current_time').text) - secs(t0)).toBe(3);
    await dev.run(`input tap ${x} ${y}`);
    expect(node('play_pause').content_desc).toBe('Play');
    dev.advance(5000);
    expect(secs(node('current_time').text) - secs(t0)).toBe(3);
  });

  it('dragging the seek bar thumb sets its progress from the finger position', async () => {
    dev = createTestAndroid();
    const b = node('seekbar').bounds;
    const inset = (b.bottom - b.top) / 2;
    const at = (f: number) => b.left + inset + f * (b.right - b.left - 2 * inset);
    const y = (b.top + b.bottom) / 2;
    drag(line([at(0.5), y], [at(0.25), y], 10), 16);
    expect(node('seekbar').range).toEqual({ type: 'int', min: 0, max: 100, current: 25 });
    drag(line([at(0.25), y], [at(1.2), y], 5), 16);
    expect(node('seekbar').range?.current).toBe(100);
    expect(node('seekbar_value').text).toBe('100');
  });

  it('a fast release coasts the timeline past the release point, then it settles; a held release does not coast', () => {
    dev = createTestAndroid();
    const tl = () => state()[id('timeline')]!;
    const { x, y } = center('timeline');
    drag(line([x + 300, y], [x - 300, y], 20), 10); // 600 px in 200 ms, finger moving left
    const released = tl().center_seconds as number;
    expect(tl().flinging).toBe(true);
    dev.advance(300);
    const coasting = tl().center_seconds as number;
    expect(coasting).toBeGreaterThan(released); // content keeps moving left: later times under the indicator
    dev.advance(10_000);
    const settled = tl().center_seconds as number;
    expect(tl().flinging).toBe(false);
    dev.advance(1000);
    expect(tl().center_seconds).toBe(settled);
    expect(settled).toBeGreaterThan(coasting);
    expect(node('timeline').range).toBeNull();

    const before = tl().center_seconds as number;
    drag(line([x - 200, y], [x + 200, y], 10), 10, 150); // held still for 150 ms before lifting
    const afterDrag = tl().center_seconds as number;
    expect(afterDrag).toBeCloseTo(before - 400 * (tl().seconds_per_pixel as number), 6);
    dev.advance(2000);
    expect(tl().center_seconds).toBe(afterDrag);
  });

  it('two-finger pinch changes seconds per pixel by the span ratio and keeps the centre', () => {
    dev = createTestAndroid();
    const tl = () => state()[id('timeline')]!;
    const { x, y } = center('timeline');
    const spp = tl().seconds_per_pixel as number;
    const c = tl().center_seconds as number;
    const input = dev.android.input;
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
          { id: 0, x: x - 100 - 10 * i, y },
          { id: 1, x: x + 100 + 10 * i, y },
        ],
      });
    }
    input.injectMotion({
      action: 'pointer_up',
      action_index: 1,
      pointers: [
        { id: 0, x: x - 200, y },
        { id: 1, x: x + 200, y },
      ],
    });
    input.injectMotion({ action: 'up', pointers: [{ id: 0, x: x - 200, y }] });
    expect(tl().seconds_per_pixel).toBeCloseTo(spp / 2, 9);
    expect(tl().center_seconds).toBe(c);
    expect(dev.android.input.maxPointers).toBe(2);
    // Pinching in far enough stops at the finest zoom.
    input.injectMotion({ action: 'down', pointers: [{ id: 0, x: x - 300, y }] });
    input.injectMotion({
      action: 'pointer_down',
      action_index: 1,
      pointers: [
        { id: 0, x: x - 300, y },
        { id: 1, x: x + 300, y },
      ],
    });
    input.injectMotion({
      action: 'move',
      pointers: [
        { id: 0, x: x - 4000, y },
        { id: 1, x: x + 4000, y },
      ],
    });
    input.injectMotion({
      action: 'cancel',
      pointers: [
        { id: 0, x: x - 4000, y },
        { id: 1, x: x + 4000, y },
      ],
    });
    expect(tl().seconds_per_pixel).toBe(MIN_SECONDS_PER_PX);
  });

  it('typing goes into the focused EditText; DEL deletes; ENTER submits the IME action', async () => {
    dev = createTestAndroid();
    await dev.run('input text ignored'); // nothing focused yet
    expect(node('edit_text')).toMatchObject({ text: 'Type a message', showing_hint_text: true });
    const { x, y } = center('edit_text');
    await dev.run(`input tap ${x} ${y}`);
    expect(node('edit_text').flags.focused).toBe(true);
    await dev.run('input text Hi%sthere!');
    expect(node('edit_text')).toMatchObject({
      text: 'Hi there!',
      showing_hint_text: false,
      text_selection: { start: 9, end: 9 },
    });
    await dev.run('input keyevent KEYCODE_DEL DEL');
    expect(node('edit_text').text).toBe('Hi ther');
    await dev.run('input keyevent 66');
    expect(state()[id('edit_text')]!.submitted).toEqual(['Hi ther']);
    expect(node('submitted_text').text).toBe('Submitted: Hi ther');
  });

  it('tapping the CheckBox and the Switch toggles them', async () => {
    dev = createTestAndroid();
    for (const name of ['checkbox', 'switch']) {
      const { x, y } = center(name);
      expect(node(name).flags.checked).toBe(false);
      await dev.run(`input tap ${x} ${y}`);
      expect(node(name).flags).toMatchObject({ checkable: true, checked: true });
      await dev.run(`input tap ${x} ${y}`);
      expect(node(name).flags.checked).toBe(false);
    }
  });

  it('swiping the list moves its rows with the finger; rows outside the viewport are not in the tree', async () => {
    dev = createTestAndroid();
    const top0 = node('row_5').bounds.top;
    const listTop = node('list').bounds.top;
    expect(dev.android.lab.findNode(id('row_59'))).toBeUndefined();
    const { x } = center('row_5');
    drag(line([x, listTop + 700], [x, listTop + 300], 20), 16, 200); // slow, held: no fling
    // 400 px of finger, less the touch slop the list discards when the drag starts (8 dp: 21 px at 420 dpi).
    expect(node('row_5').bounds.top).toBe(top0 - 400 + 21);
    expect(node('row_5').flags.selected).toBe(false); // the drag did not click a row
    expect(dev.android.lab.findNode(id('row_0'))).toBeUndefined();
    await dev.run(`input swipe ${x} 2300 ${x} 1500 50`); // fast: flings on
    dev.advance(10_000);
    expect(dev.android.lab.findNode(id('row_0'))).toBeUndefined();
    const list = state()[id('list')]!;
    expect(list.scroll_y as number).toBeGreaterThan(800 + 400);
    const visible = dev.android.lab.snapshot().nodes.filter((n) => /row_\d+$/.test(n.resource_id));
    const listBounds = node('list').bounds;
    for (const r of visible) expect(r.bounds.bottom > listBounds.top && r.bounds.top < listBounds.bottom).toBe(true);
  });

  it('the control panel opens from its button and hides 3 s after the last touch on it', async () => {
    dev = createTestAndroid();
    const open = center('panel_open');
    await dev.run(`input tap ${open.x} ${open.y}`);
    expect(node('panel')).toBeDefined();
    dev.advance(2000);
    const title = center('panel_title');
    await dev.run(`input tap ${title.x} ${title.y}`);
    dev.advance(2900);
    expect(dev.android.lab.findNode(id('panel'))).toBeDefined();
    dev.advance(200);
    expect(dev.android.lab.findNode(id('panel'))).toBeUndefined();
    expect(state()[id('panel')]!.open).toBe(false);
  });

  it('the overlay window takes touches over the covered button and half of the partly covered one', async () => {
    dev = createTestAndroid();
    const overlay = dev.android.lab.snapshot().windows.find((w) => w.package_name === 'com.tactile.overlay')!;
    const app = dev.android.lab.snapshot().windows.find((w) => w.package_name === 'com.tactile.lab')!;
    expect(overlay.layer).toBeGreaterThan(app.layer);
    expect(overlay.wm_type).toBe('TYPE_APPLICATION_OVERLAY');
    const covered = center('covered_button');
    await dev.run(`input tap ${covered.x} ${covered.y}`);
    const partly = node('partly_covered_button').bounds;
    const y = (partly.top + partly.bottom) / 2;
    await dev.run(`input tap ${partly.left + 10} ${y}`);
    await dev.run(`input tap ${partly.right - 10} ${y}`);
    const s = state();
    expect(s[id('covered_button')]!.click_count).toBe(0);
    expect(s[id('partly_covered_button')]!.click_count).toBe(1);
    expect(s['com.tactile.overlay:id/overlay_root']!.touch_count).toBe(2);
  });

  it('the Details button opens the second screen and BACK returns; the Grid screen has ~2,000 nodes', async () => {
    dev = createTestAndroid();
    const details = center('second_screen_button');
    await dev.run(`input tap ${details.x} ${details.y}`);
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.DetailsActivity');
    await dev.run('input keyevent KEYCODE_BACK');
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.MainActivity');
    const grid = center('dense_button');
    await dev.run(`input tap ${grid.x} ${grid.y}`);
    const count = dev.android.lab
      .snapshot()
      .nodes.filter((n) => n.window_id === dev.android.lab.snapshot().windows.find((w) => w.active)!.id).length;
    expect(count).toBeGreaterThanOrEqual(1900);
    expect(count).toBeLessThanOrEqual(2100);
  });

  it('when the first finger lifts, the remaining one keeps panning from where it is (no jump)', () => {
    dev = createTestAndroid();
    const tl = () => state()[id('timeline')]!;
    const { x, y } = center('timeline');
    const input = dev.android.input;
    const spp = tl().seconds_per_pixel as number;
    const c0 = tl().center_seconds as number;
    input.injectMotion({ action: 'down', pointers: [{ id: 0, x, y }] });
    dev.advance(16);
    input.injectMotion({ action: 'move', pointers: [{ id: 0, x: x - 100, y }] });
    input.injectMotion({
      action: 'pointer_down',
      action_index: 1,
      pointers: [
        { id: 0, x: x - 100, y },
        { id: 1, x: x + 200, y: y + 10 },
      ],
    });
    // Both fingers move together: that is a pinch with a constant span (no zoom), the centre does not move.
    input.injectMotion({
      action: 'pointer_up',
      action_index: 0,
      pointers: [
        { id: 0, x: x - 100, y },
        { id: 1, x: x + 200, y: y + 10 },
      ],
    });
    const before = tl().center_seconds as number;
    expect(before).toBeCloseTo(c0 + 100 * spp, 9);
    dev.advance(16);
    input.injectMotion({ action: 'move', pointers: [{ id: 1, x: x + 150, y: y + 10 }] });
    expect(tl().center_seconds).toBeCloseTo(before + 50 * spp, 9);
    dev.advance(200);
    input.injectMotion({ action: 'up', pointers: [{ id: 1, x: x + 150, y: y + 10 }] });
    expect(tl().seconds_per_pixel).toBe(spp);
  });
});
