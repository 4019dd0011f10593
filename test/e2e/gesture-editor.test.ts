// The gesture editor end to end in Chromium (bridge + virtual device + the lab's MapActivity):
// 1. a 3-finger gesture (one holds, two move) built by dragging handles; a crossing is painted, then fixed;
//    Play; Send; `dumpsys tactile_lab` reports 3 pointers and the scale/rotation the dispatched points imply;
// 2. a two-finger pinch with rotation: the lab's scale and rotation change as planned;
// 3. the pinch tool's pinch with a dragged rotation handle, and a Ctrl+drag in Control (scrcpy's pinch);
// 4. a seed JSON gesture imported, edited (retimed, a handle dragged, undo of one drag), exported, and the
//    export validates with `tactile validate`;
// 5. a 5-finger, 32-keyframe handle drag lays the console out once per pointer move (the panels commit inside
//    the animation frame), never inside the move's handler (counted by Chromium, not timed).
// Screenshots go to test-results/e2e/gesture-*.png.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Observation } from '../../shared/ipc';
import { forcedLayouts } from '../bench/forced-layout';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';

const repo = fileURLToPath(new URL('../..', import.meta.url));
type XY = [number, number];
interface Exported {
  tool: string;
  args: { frames: Array<{ at_ms: number; points: XY[] }>; coordinate_space: string };
}

/** The lab map's figures for pointers as the map model reads them: span (2 × mean |offset| from the focal point) and the angle of fingers 0 → 1. */
function spanOf(points: readonly XY[]): number {
  const n = points.length;
  const fx = points.reduce((a, p) => a + p[0], 0) / n;
  const fy = points.reduce((a, p) => a + p[1], 0) / n;
  const dx = points.reduce((a, p) => a + Math.abs(p[0] - fx), 0) / n;
  const dy = points.reduce((a, p) => a + Math.abs(p[1] - fy), 0) / n;
  return Math.hypot(2 * dx, 2 * dy);
}
/** The map's rotation change in degrees, wrapped into (−180, 180] as the lab reports rotation. */
function turned(before: Record<string, number>, after: Record<string, number>): number {
  let d = after.rotation! - before.rotation!;
  while (d > 180) d -= 360;
  while (d <= -180) d += 360;
  return d;
}
const angleOf = (p: readonly XY[]) => (Math.atan2(p[1]![1] - p[0]![1], p[1]![0] - p[0]![0]) * 180) / Math.PI;

describe('gesture editor (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;
  let screen: { width: number; height: number };
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `gesture-${name}.png`) });

  async function mapState(): Promise<Record<string, number>> {
    const r = await h.adb.adb(['-s', h.serial, 'shell', 'dumpsys tactile_lab']);
    return (JSON.parse(r.stdout) as { controls: Record<string, Record<string, number>> }).controls[
      'com.tactile.lab:id/map'
    ]!;
  }

  async function tapNode(observation: Observation, id: string): Promise<void> {
    const c = centre(nodeById(observation, id).bounds_px);
    await h.adb.adb(['-s', h.serial, 'shell', `input tap ${c.x} ${c.y}`]);
  }

  /** Drags the handle at device pixel `from` to `to` with the mouse (one undo step). */
  async function dragHandle(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    const a = await stagePointOf(h.page, screen, from);
    const b = await stagePointOf(h.page, screen, to);
    await h.page.mouse.move(a.x, a.y);
    await h.page.mouse.down();
    await h.page.mouse.move(b.x, b.y, { steps: 10 });
    await h.page.mouse.up();
  }

  async function exported(): Promise<Exported> {
    await h.page.getByTestId('gesture-export').click();
    return JSON.parse(await h.page.getByTestId('gesture-json').inputValue()) as Exported;
  }

  async function focusFrame(i: number): Promise<void> {
    await h.page.getByTestId(`gesture-frame-${i}`).click({ position: { x: 6, y: 6 } });
  }

  const issueCodes = async () =>
    h.page.getByTestId('gesture-issue').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));

  async function sendAndReadBack(): Promise<void> {
    await expect.poll(() => h.page.getByTestId('gesture-send').isEnabled()).toBe(true);
    await h.page.getByTestId('gesture-send').click();
    const summary = h.page.getByTestId('gesture-readback-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await h.page.getByTestId('gesture-readback').getAttribute('data-status')).toBe('completed');
  }

  /** From the main screen (through Details) or from Details, where BACK from the map returns. */
  async function openMap(): Promise<void> {
    if (!(await h.observe()).nodes.some((n) => n.resource_id === 'com.tactile.lab:id/map_button'))
      await tapNode(await h.observe(), 'second_screen_button');
    await expect
      .poll(async () => (await h.observe()).nodes.some((n) => n.resource_id === 'com.tactile.lab:id/map_button'), {
        timeout: 10_000,
      })
      .toBe(true);
    await tapNode(await h.observe(), 'map_button');
    await expect
      .poll(async () => (await h.observe()).nodes.some((n) => n.resource_id === 'com.tactile.lab:id/map'), {
        timeout: 10_000,
      })
      .toBe(true);
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    await h.page.goto(h.bridge.url);
    const row = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await row.waitFor({ timeout: 20_000 });
  }, 180_000);

  /** The map open, the mirror streaming, the Gesture tool chosen (once, from whichever test runs first). */
  let ready = false;
  async function prepare(): Promise<void> {
    if (ready) return;
    await expect
      .poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 20_000 })
      .toMatch(/mirror: stream \d+×\d+ · /);
    await openMap();
    screen = (await h.observe()).screen;
    await h.page.getByTestId('tool-gesture').click();
    await h.page.getByTestId('gesture-timeline').waitFor();
    ready = true;
  }

  afterAll(async () => {
    await h?.stop();
  });

  it(
    '3 fingers, one holding and two moving, built by dragging handles: a crossing painted and fixed, played, sent; the lab saw 3 pointers and the planned motion',
    { timeout: 120_000 },
    async () => {
      await prepare();
      const cx = Math.floor(screen.width / 2);
      const cy = Math.floor(screen.height / 2);
      await h.page.getByTestId('gesture-new').click();
      await h.page.getByTestId('gesture-add-finger').click();
      await h.page.getByTestId('gesture-add-finger').click();
      await expect.poll(() => h.page.getByTestId('gesture-point-1-2').textContent()).toBe(`${cx + 240},${cy} hold`);
      await shot('01-three-fingers-held');

      // Keyframe 1: finger 2 (index 1) moves right-down, finger 3 (index 2) moves left-down across it.
      await focusFrame(1);
      await dragHandle({ x: cx + 120, y: cy }, { x: cx + 360, y: cy + 300 });
      await dragHandle({ x: cx + 240, y: cy }, { x: cx + 20, y: cy + 300 });
      await expect.poll(issueCodes).toEqual(['TOUCH_PATHS_CROSS']);
      expect(await h.page.getByTestId('gesture-frame-1').getAttribute('data-codes')).toBe('TOUCH_PATHS_CROSS');
      expect(await h.page.getByTestId('gesture-send').isDisabled()).toBe(true);
      await shot('02-crossing-painted');

      // Fixed: finger 3 goes right-up instead; finger 1 still holds.
      await dragHandle({ x: cx + 20, y: cy + 300 }, { x: cx + 400, y: cy - 250 });
      await expect.poll(issueCodes).toEqual([]);
      const g = await exported();
      expect(g.args.frames[1]!.points[0]).toEqual(g.args.frames[0]!.points[0]);
      expect(await h.page.getByTestId('gesture-point-1-0').textContent()).toMatch(/hold$/);
      await shot('03-crossing-fixed');

      // Play at real speed: the play head runs and ends with the planned events counted.
      await h.page.getByTestId('gesture-play').click();
      await h.page.getByTestId('gesture-playhead').waitFor({ state: 'attached', timeout: 20_000 });
      await shot('04-playing');
      await expect
        .poll(() => h.page.getByTestId('gesture-message').textContent(), { timeout: 10_000 })
        .toMatch(/^played \d+ planned events over 500 ms/);

      const before = await mapState();
      expect(before).toMatchObject({ scale: 1, rotation: 0 });
      await sendAndReadBack();
      const events = Number(await h.page.getByTestId('gesture-readback-summary').getAttribute('data-events'));
      expect(await h.page.getByTestId('gesture-readback-event').count()).toBe(events);
      await expect.poll(() => h.page.getByTestId('gesture-axis-event').count()).toBe(events);
      await shot('05-sent-read-back');

      const after = await mapState();
      const [p0, p1] = [g.args.frames[0]!.points, g.args.frames[1]!.points];
      expect(after.pointer_count).toBe(3);
      expect(after.pointers_down).toBe(0);
      expect(after.scale).toBeCloseTo(spanOf(p1) / spanOf(p0), 2);
      expect(after.rotation).toBeCloseTo(angleOf(p1) - angleOf(p0), 1);
    },
  );

  it(
    'a two-finger pinch with rotation: the lab scale and rotation change as planned',
    { timeout: 90_000 },
    async () => {
      await prepare();
      await h.page.getByTestId('tool-gesture').click();
      const before = await mapState();
      const cx = Math.floor(screen.width / 2);
      const cy = Math.floor(screen.height / 2);
      await h.page.getByTestId('gesture-new').click();
      await h.page.getByTestId('gesture-add-finger').click();
      // Fingers start 120 px apart on a horizontal line; at keyframe 1 they are twice as far apart, turned.
      await focusFrame(1);
      await dragHandle({ x: cx, y: cy }, { x: cx - 60, y: cy - 100 });
      await dragHandle({ x: cx + 120, y: cy }, { x: cx + 180, y: cy + 100 });
      await expect.poll(issueCodes).toEqual([]);
      const g = await exported();
      await shot('06-pinch-rotate');
      await sendAndReadBack();
      const [p0, p1] = [g.args.frames[0]!.points, g.args.frames[1]!.points];
      const after = await mapState();
      expect(after.pointer_count).toBe(2);
      expect(after.scale! / before.scale!).toBeGreaterThan(1.5);
      expect(after.scale! / before.scale!).toBeCloseTo(spanOf(p1) / spanOf(p0), 2);
      expect(turned(before, after)).toBeGreaterThan(20);
      expect(turned(before, after)).toBeCloseTo(angleOf(p1) - angleOf(p0), 1);
    },
  );

  it(
    'the pinch tool: a pinch with rotation, its rotation handle dragged, sent; the lab scale and rotation change as planned',
    { timeout: 90_000 },
    async () => {
      await prepare();
      const before = await mapState();
      await h.page.getByTestId('tool-pinch').click();
      await h.page.getByTestId('pinch-new').click();
      const note = h.page.getByTestId('pinch-span-note');
      await expect.poll(() => note.textContent()).toContain(`1000 = ${Math.min(screen.width, screen.height)} px here`);
      // Finger 0's end (the rotation handle) dragged a quarter turn further round the centre: rotation 45° → ~90°.
      const cx = Math.round((500 * (screen.width - 1)) / 1000);
      const cy = Math.round((500 * (screen.height - 1)) / 1000);
      const r = (500 * Math.min(screen.width, screen.height)) / 1000 / 2; // end span 500 → half of it from the centre
      const from = { x: Math.round(cx - r * Math.cos(Math.PI / 4)), y: Math.round(cy - r * Math.sin(Math.PI / 4)) };
      await dragHandle(from, { x: cx, y: Math.round(cy - r) });
      const rotation = Number(await h.page.getByTestId('pinch-rotation').inputValue());
      expect(rotation).toBeGreaterThan(80);
      expect(rotation).toBeLessThan(100);
      await expect.poll(() => h.page.getByTestId('pinch-issue').count()).toBe(0);
      await shot('10-pinch-tool');
      await h.page.getByTestId('pinch-play').click();
      await expect
        .poll(() => h.page.getByTestId('pinch-message').textContent(), { timeout: 10_000 })
        .toMatch(/^played \d+ planned events over 800 ms/);
      await h.page.getByTestId('pinch-send').click();
      await h.page.getByTestId('gesture-readback-summary').waitFor({ timeout: 30_000 });
      expect(await h.page.getByTestId('gesture-readback').getAttribute('data-status')).toBe('completed');
      await shot('11-pinch-sent');
      const after = await mapState();
      expect(after.pointer_count).toBe(2);
      // Spans 200 → 500 of the short edge, each finger rounded to a pixel: scale ≈ 2.5, rotation ≈ the handle's.
      expect(after.scale! / before.scale!).toBeCloseTo(2.5, 1);
      expect(turned(before, after)).toBeCloseTo(rotation, 0);
      await h.page.getByTestId('tool-gesture').click();
    },
  );

  it(
    'Ctrl+drag in Control pinches around the screen centre: two live fingers, one touch_gesture receipt, the map zooms',
    { timeout: 90_000 },
    async () => {
      await prepare();
      const before = await mapState();
      await h.page.getByTestId('tool-control').click();
      const cx = Math.floor(screen.width / 2);
      const cy = Math.floor(screen.height / 2);
      const a = await stagePointOf(h.page, screen, { x: cx + 100, y: cy });
      const b = await stagePointOf(h.page, screen, { x: cx + 300, y: cy });
      const receipts = await h.page.locator('[data-testid=receipt-row][data-tool=touch_gesture]').count();
      await h.page.keyboard.down('Control');
      await h.page.mouse.move(a.x, a.y);
      await h.page.mouse.down();
      await h.page.mouse.move(b.x, b.y, { steps: 12 });
      await h.page.mouse.up();
      await h.page.keyboard.up('Control');
      await expect
        .poll(() => h.page.locator('[data-testid=receipt-row][data-tool=touch_gesture]').count(), { timeout: 30_000 })
        .toBe(receipts + 1);
      expect(
        await h.page.locator('[data-testid=receipt-row][data-tool=touch_gesture]').first().getAttribute('data-status'),
      ).toBe('completed');
      await shot('12-ctrl-drag-pinch');
      const after = await mapState();
      expect(after.pointer_count).toBe(2);
      // Fingers 200 px apart → about 600 px apart, mirrored through the centre: a ×3 zoom, no turn.
      expect(after.scale! / before.scale!).toBeGreaterThan(2.5);
      expect(after.scale! / before.scale!).toBeLessThan(3.5);
      expect(Math.abs(turned(before, after))).toBeLessThan(3);
    },
  );

  it(
    'a seed JSON gesture imported, edited, exported; the export validates with tactile validate',
    { timeout: 90_000 },
    async () => {
      await prepare();
      await h.page.getByTestId('tool-gesture').click();
      const seed = {
        tool: 'touch_gesture',
        args: {
          frames: [
            {
              at_ms: 0,
              points: [
                [300, 500],
                [700, 500],
              ],
            },
            {
              at_ms: 400,
              points: [
                [300, 700],
                [700, 700],
              ],
            },
          ],
          coordinate_space: 'normalized',
          target_description: 'two fingers down the map',
        },
      };
      await h.page.getByTestId('gesture-json').fill(JSON.stringify(seed));
      await h.page.getByTestId('gesture-import').click();
      await expect
        .poll(() => h.page.getByTestId('gesture-message').textContent())
        .toContain('import: 2 keyframes, 2 finger(s)');
      expect(await h.page.getByTestId('gesture-space').inputValue()).toBe('normalized');
      await shot('07-imported');

      // Retime keyframe 1 by typing, then drag a handle of keyframe 1 and undo that one drag.
      await h.page.getByTestId('gesture-frame-at-1').fill('650');
      await h.page.getByTestId('gesture-frame-at-1').press('Enter');
      await expect.poll(() => h.page.getByTestId('gesture-frame-at-1').inputValue()).toBe('650');
      await focusFrame(1);
      const x = Math.round((300 * (screen.width - 1)) / 1000);
      const y = Math.round((700 * (screen.height - 1)) / 1000);
      await dragHandle({ x, y }, { x: x + 100, y: y + 200 });
      const moved = await h.page.getByTestId('gesture-point-1-0').textContent();
      expect(moved).not.toBe('300,700');
      await h.page.keyboard.press('Control+z');
      await expect.poll(() => h.page.getByTestId('gesture-point-1-0').textContent()).toBe('300,700');
      await h.page.keyboard.press('Control+Shift+z');
      await expect.poll(() => h.page.getByTestId('gesture-point-1-0').textContent()).toBe(moved);
      // An out-of-order time is painted on its column and blocks Send, then fixed.
      await h.page.getByTestId('gesture-frame-at-1').fill('0');
      await h.page.getByTestId('gesture-frame-at-1').press('Enter');
      await expect.poll(issueCodes).toEqual(['FRAMES_NOT_INCREASING']);
      expect(await h.page.getByTestId('gesture-frame-1').getAttribute('data-codes')).toBe('FRAMES_NOT_INCREASING');
      await shot('08-frames-not-increasing');
      await h.page.getByTestId('gesture-frame-at-1').fill('650');
      await h.page.getByTestId('gesture-frame-at-1').press('Enter');
      await expect.poll(issueCodes).toEqual([]);

      const out = await exported();
      expect(out.args.frames.map((f) => f.at_ms)).toEqual([0, 650]);
      expect(out.args.frames[1]!.points[0]).toEqual(moved!.split(',').map(Number));
      await shot('09-exported');
      const file = join(ARTIFACTS, 'gesture-export.json');
      writeFileSync(file, await h.page.getByTestId('gesture-json').inputValue());
      const { stdout } = await promisify(execFile)(
        join(repo, 'node_modules/.bin/tsx'),
        [join(repo, 'cli/main.ts'), 'validate', file],
        { cwd: repo },
      );
      expect(JSON.parse(stdout)).toMatchObject({
        ok: true,
        tool: 'touch_gesture',
        args: { coordinate_space: 'normalized', frames: out.args.frames },
      });
    },
  );

  it(
    'a 5-finger, 32-keyframe handle drag lays the console out once per move, never inside the move handler',
    { timeout: 120_000 },
    async () => {
      await prepare();
      await h.page.getByTestId('tool-gesture').click();
      const frames = Array.from({ length: 32 }, (_, i) => ({
        at_ms: Math.round((i * 9000) / 31),
        points: Array.from({ length: 5 }, (_, j) => [150 + 180 * j, 400 + Math.round((i * 1500) / 31)] as XY),
      }));
      await h.page.getByTestId('gesture-json').fill(
        JSON.stringify({
          tool: 'touch_gesture',
          args: { frames, coordinate_space: 'pixel', target_description: '5 × 32' },
        }),
      );
      await h.page.getByTestId('gesture-import').click();
      await expect.poll(() => h.page.getByTestId('gesture-message').textContent()).toContain('32 keyframes');
      await focusFrame(0);
      const at = await stagePointOf(h.page, screen, { x: 150, y: 400 });
      const cdp = await h.page.context().newCDPSession(h.page);
      await cdp.send('Performance.enable');
      const layouts = async () =>
        (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'LayoutCount')!.value;
      await h.page.mouse.move(at.x, at.y);
      await h.page.mouse.down();
      const moves = 60;
      const drag = async (offset: number) => {
        for (let i = 0; i < moves; i++)
          await h.page.mouse.move(at.x + offset + 8 * Math.cos(i / 6), at.y + 8 * Math.sin(i / 6));
      };
      // Layouts the console does anyway (the mirror's status, the log) over the drag's duration, held still, are
      // taken off, so a slow machine's longer drag does not count them as the drag's.
      const l0 = await layouts();
      const t0 = Date.now();
      await drag(0);
      const dragged = (await layouts()) - l0;
      const held = Date.now() - t0;
      const l1 = await layouts();
      await new Promise((r) => setTimeout(r, held)); // deliberate: samples the background for as long as the drag took
      const background = (await layouts()) - l1;
      const forced = await forcedLayouts(h.browser, h.page, join(ARTIFACTS, 'gesture-drag-5x32.trace.json'), () =>
        drag(3),
      );
      await h.page.mouse.up();
      await shot('13-drag-5x32');
      expect(await h.page.getByTestId('gesture-point-0-0').textContent()).not.toBe('150,400');
      expect(forced.moves).toBeGreaterThan(moves / 2);
      expect({
        layouts: forced.layouts,
        styleRecalcs: forced.styleRecalcs,
        forcers: [...forced.forcers.keys()],
      }).toEqual({ layouts: 0, styleRecalcs: 0, forcers: [] });
      // One layout per move (the frame's own); the panels committed after the frame made it two.
      expect((dragged - background) / moves).toBeLessThan(1.5);
      await cdp.detach();
    },
  );
});
