// The map view (MapActivity) under injected multi-touch, through the InputDispatcher as scrcpy and the helper
// deliver it: one finger pans, two fingers zoom by the span ratio and rotate by the angle change around
// their focal point, and `dumpsys tactile_lab` reports it.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../android/test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

const id = (name: string) => `com.tactile.lab:id/${name}`;
const centre = (name: string) => {
  const n = dev.android.lab.findNode(id(name));
  if (!n) throw new Error(`no node ${name}`);
  const b = n.visible_bounds;
  return { x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 };
};

async function openMap(): Promise<void> {
  let c = centre('second_screen_button');
  await dev.run(`input tap ${c.x} ${c.y}`);
  c = centre('map_button');
  await dev.run(`input tap ${c.x} ${c.y}`);
  expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.MapActivity');
}

async function mapState(): Promise<Record<string, number>> {
  const r = await dev.run('dumpsys tactile_lab');
  expect(r.code).toBe(0);
  return (JSON.parse(r.out) as { controls: Record<string, Record<string, number>> }).controls[id('map')]!;
}

/** Two fingers around (fx, fy): span s0 → s0·ratio, angle a0 → a0 + deg, in `steps` moves 16 ms apart. */
function pinch(fx: number, fy: number, s0: number, ratio: number, a0: number, deg: number, steps = 20): void {
  const input = dev.android.input;
  const at = (f: number) => {
    const s = (s0 * (1 + (ratio - 1) * f)) / 2;
    const a = ((a0 + deg * f) * Math.PI) / 180;
    return [
      { id: 0, x: fx - s * Math.cos(a), y: fy - s * Math.sin(a) },
      { id: 1, x: fx + s * Math.cos(a), y: fy + s * Math.sin(a) },
    ];
  };
  const p0 = at(0);
  input.injectMotion({ action: 'down', pointers: [p0[0]!], t_ms: dev.now() });
  input.injectMotion({ action: 'pointer_down', action_index: 1, pointers: p0, t_ms: dev.now() });
  for (let i = 1; i <= steps; i++) {
    dev.advance(16);
    input.injectMotion({ action: 'move', pointers: at(i / steps), t_ms: dev.now() });
  }
  const p1 = at(1);
  input.injectMotion({ action: 'pointer_up', action_index: 1, pointers: p1, t_ms: dev.now() });
  input.injectMotion({ action: 'up', pointers: [p1[0]!], t_ms: dev.now() });
}

describe('lab map view (multi-touch canvas)', () => {
  it('opens from Details as MapActivity, and BACK returns to Details', async () => {
    dev = createTestAndroid();
    await openMap();
    const map = dev.android.lab.findNode(id('map'))!;
    expect(map.class_name).toBe('android.view.View');
    expect(await mapState()).toMatchObject({
      scale: 1,
      rotation: 0,
      pan_x: 0,
      pan_y: 0,
      pointer_count: 0,
      pointers_down: 0,
    });
    await dev.run('input keyevent BACK');
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.DetailsActivity');
  });

  it.each([
    [1.8, 30],
    [0.5, -45],
    [2.5, 170],
  ])('a pinch of span ratio %f rotating %f° gives that scale and rotation', async (ratio, deg) => {
    dev = createTestAndroid();
    await openMap();
    const c = centre('map');
    pinch(c.x, c.y, 300, ratio, 10, deg);
    const m = await mapState();
    expect(m.scale).toBeCloseTo(ratio, 6);
    expect(m.rotation).toBeCloseTo(deg, 6);
    // The focal point stayed on the view's centre, so the map's origin did not move.
    expect(Math.hypot(m.pan_x!, m.pan_y!)).toBeLessThan(1e-6);
    expect(m.pointer_count).toBe(2);
    expect(m.pointers_down).toBe(0);
  });

  it('zooms and rotates around the fingers’ focal point, not the view centre', async () => {
    dev = createTestAndroid();
    await openMap();
    const c = centre('map');
    const f = { x: c.x + 200, y: c.y - 100 };
    pinch(f.x, f.y, 400, 2, 0, 90);
    const m = await mapState();
    // The origin (at the centre) is carried by R(90°)·2 around F: (c − f) = (−200, 100) → (−200, −400).
    expect(m.pan_x).toBeCloseTo(200 - 200, 6);
    expect(m.pan_y).toBeCloseTo(-100 - 400, 6);
  });

  it('one finger pans by the whole distance once past the touch slop; within the slop it does not', async () => {
    dev = createTestAndroid();
    await openMap();
    const c = centre('map');
    await dev.run(`input swipe ${c.x} ${c.y} ${c.x + 3} ${c.y + 2} 200`);
    expect(await mapState()).toMatchObject({ pan_x: 0, pan_y: 0, pointer_count: 1 });
    await dev.run(`input swipe ${c.x} ${c.y} ${c.x - 240} ${c.y + 130} 300`);
    const m = await mapState();
    expect(m.pan_x).toBeCloseTo(-240, 6);
    expect(m.pan_y).toBeCloseTo(130, 6);
    expect(m).toMatchObject({ scale: 1, rotation: 0, pointer_count: 1 });
  });

  it('counts three fingers (one holding) and adding or lifting a finger never makes the map jump', async () => {
    dev = createTestAndroid();
    await openMap();
    const c = centre('map');
    const input = dev.android.input;
    const hold = { id: 0, x: c.x - 200, y: c.y };
    input.injectMotion({ action: 'down', pointers: [hold] });
    input.injectMotion({ action: 'pointer_down', action_index: 1, pointers: [hold, { id: 1, x: c.x + 200, y: c.y }] });
    const before = await mapState();
    input.injectMotion({
      action: 'pointer_down',
      action_index: 2,
      pointers: [hold, { id: 1, x: c.x + 200, y: c.y }, { id: 2, x: c.x, y: c.y + 300 }],
    });
    expect(await mapState()).toMatchObject({
      pan_x: before.pan_x,
      pan_y: before.pan_y,
      scale: before.scale,
      pointers_down: 3,
      pointer_count: 3,
    });
    dev.advance(16);
    input.injectMotion({
      action: 'move',
      pointers: [hold, { id: 1, x: c.x + 260, y: c.y }, { id: 2, x: c.x, y: c.y + 360 }],
    });
    const moved = await mapState();
    expect(moved.scale).toBeGreaterThan(1);
    input.injectMotion({
      action: 'pointer_up',
      action_index: 2,
      pointers: [hold, { id: 1, x: c.x + 260, y: c.y }, { id: 2, x: c.x, y: c.y + 360 }],
    });
    input.injectMotion({ action: 'pointer_up', action_index: 1, pointers: [hold, { id: 1, x: c.x + 260, y: c.y }] });
    input.injectMotion({ action: 'up', pointers: [hold] });
    expect(await mapState()).toMatchObject({
      pan_x: moved.pan_x,
      pan_y: moved.pan_y,
      scale: moved.scale,
      pointers_down: 0,
      pointer_count: 3,
    });
  });

  it('draws the map so a pinch changes the mirror pixels', async () => {
    dev = createTestAndroid();
    await openMap();
    const { LabRenderer } = await import('./renderer');
    const r = new LabRenderer(dev.android.lab);
    const before = Buffer.from(r.render().rgba);
    const c = centre('map');
    pinch(c.x, c.y, 300, 1.5, 0, 25);
    const after = r.render();
    expect(Buffer.from(after.rgba).equals(before)).toBe(false);
  });
});
