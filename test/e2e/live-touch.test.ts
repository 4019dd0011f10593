// Live touch in Chromium, end to end through the product: the real renderer's Control tool on the stage, the
// loopback bridge, main's live contact, the mirror's scrcpy control socket, the virtual device's input
// dispatcher. A press held still for 1.5 s puts the finger down on the device at once (within 100 ms of the press on
// an idle machine, which `npm run bench:live-touch` measures; measured here from the page event's timestamp to the
// device's, not a sleep, against a bound a loaded machine cannot miss) and lifts it only after the
// release; a slow curved drag's injected path is the pointer's (every injected point within 2 device px of
// it, in order, at the pointer's pace); its receipt's call replays that path and "+ Step" adds it.
// Screenshots land in test-results/.
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedEvent } from '../../virtual-device/android/input-dispatcher';
import { centre, nodeById, stagePointOf } from './console-harness';
import { startMirrorHarness, type MirrorHarness } from './mirror-harness';

const TIMEOUT = 120_000;
/**
 * The Done-when figure is 100 ms from the press to the finger down, on an idle machine: a performance goal, which
 * `npm run bench:live-touch` measures and prints. Here the bound is ten times it (CI runs at load 10–20 on 2 cores;
 * 160 ms was seen at load 15, and the one-minute load average lags a burst), or 100 ms per unit of load per core
 * when the file starts if that is more. It still tells a live contact from one replayed after the release.
 */
const PRESS_TO_DOWN_MS = 100 * Math.max(10, loadavg()[0]! / availableParallelism());
const epochNow = () => performance.timeOrigin + performance.now();

interface DeviceEvent {
  action: string;
  x: number;
  y: number;
  pointers: number;
  at: number;
}
interface PageEvent {
  type: string;
  x: number;
  y: number;
  at: number;
}

/** Every motion event the device dispatches, stamped (epoch ms) as it is dispatched. */
function recordDevice(h: MirrorHarness): { events: DeviceEvent[]; stop(): void } {
  const events: DeviceEvent[] = [];
  const stop = h.vd.android.input.onEvent((e: ReceivedEvent) => {
    if (e.kind === 'motion')
      events.push({
        action: e.action,
        x: e.pointers[0]!.x,
        y: e.pointers[0]!.y,
        pointers: e.pointer_count,
        at: epochNow(),
      });
  });
  return { events, stop };
}

/** Page pointer events on the stage as the Control tool saw them: device pixel (via the overlay box) and epoch time. */
async function recordPage(h: MirrorHarness, screen: { width: number; height: number }): Promise<void> {
  await h.page.evaluate((screen) => {
    const w = window as unknown as { livePointer: unknown[] };
    w.livePointer = [];
    const surface = document.querySelector('[data-testid=stage-surface]')!;
    for (const type of ['pointerdown', 'pointermove', 'pointerup']) {
      surface.addEventListener(type, (ev) => {
        const e = ev as PointerEvent;
        const box = document.querySelector('[data-testid=overlay]')!.getBoundingClientRect();
        w.livePointer.push({
          type,
          x: ((e.clientX - box.left) * screen.width) / box.width,
          y: ((e.clientY - box.top) * screen.height) / box.height,
          at: performance.timeOrigin + e.timeStamp,
        });
      });
    }
  }, screen);
}
const pageEvents = (h: MirrorHarness) =>
  h.page.evaluate(() => (window as unknown as { livePointer: PageEvent[] }).livePointer);

/** Distance from p to the polyline. */
function distanceToPath(
  p: { x: number; y: number },
  path: ReadonlyArray<{ x: number; y: number }>,
): { d: number; along: number } {
  let best = { d: Infinity, along: 0 };
  let walked = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const u =
      len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (len * len)));
    const d = Math.hypot(a.x + u * (b.x - a.x) - p.x, a.y + u * (b.y - a.y) - p.y);
    if (d < best.d) best = { d, along: walked + u * len };
    walked += len;
  }
  return best;
}

describe('live touch: the Control tool is a finger on the device', () => {
  let h: MirrorHarness;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    h = await startMirrorHarness();
    await h.open();
    await h.page.waitForFunction(
      () => /mirror: stream/.test(document.querySelector('[data-testid=mirror-status]')?.textContent ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    await h.page.getByTestId('tool-control').click();
  }, TIMEOUT);

  afterAll(async () => {
    await h?.stop();
  }, TIMEOUT);

  it(
    'a press held still for 1.5 s: the finger is down at once, stays down, and lifts only after the release',
    async () => {
      const observation = await h.observe();
      await recordPage(h, observation.screen);
      const target = centre(nodeById(observation, 'seekbar_value').bounds_px); // a text that reacts to nothing
      const at = await stagePointOf(h.page, observation.screen, target);
      const device = recordDevice(h);
      let pressed = false;
      try {
        await h.page.mouse.move(at.x, at.y);
        await h.page.mouse.down();
        pressed = true;
        await expect.poll(() => h.vd.android.input.pointersDown, { timeout: 10_000, interval: 5 }).toBe(1);
        const press = (await pageEvents(h)).find((e) => e.type === 'pointerdown')!;
        const down = device.events.find((e) => e.action === 'down')!;
        expect(Math.abs(down.x - target.x) + Math.abs(down.y - target.y)).toBeLessThanOrEqual(2);
        const pressToDown = down.at - press.at;
        console.log(`press → finger down on the device: ${pressToDown.toFixed(1)} ms`);
        expect(pressToDown).toBeLessThanOrEqual(PRESS_TO_DOWN_MS);
        await h.page.screenshot({ path: 'test-results/live-touch-held.png' });
        // The hold itself: the finger stays down (sampled every 50 ms) until the release 1.5 s after the press.
        const releaseAt = press.at + 1500;
        while (epochNow() < releaseAt) {
          expect(h.vd.android.input.pointersDown).toBe(1);
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(device.events.map((e) => e.action)).toEqual(['down']);
        await h.page.mouse.up();
        pressed = false;
        await expect.poll(() => h.vd.android.input.pointersDown, { timeout: 10_000, interval: 5 }).toBe(0);
        const release = (await pageEvents(h)).find((e) => e.type === 'pointerup')!;
        const up = device.events.find((e) => e.action === 'up')!;
        expect(up.at).toBeGreaterThanOrEqual(release.at);
        expect(up.at - down.at).toBeGreaterThanOrEqual(1500 - PRESS_TO_DOWN_MS);
        // One receipt for the contact: a long press of the held duration, injected over scrcpy, or through the
        // helper while the stream is smaller than the screen (scrcpy places touches in video pixels).
        const row = h.page.locator('[data-testid=receipt-row][data-tool=long_press]').first();
        await row.waitFor({ timeout: 30_000 });
        expect(await row.getAttribute('data-status')).toBe('completed');
        await expect
          .poll(() => h.page.getByTestId('control-status').textContent(), { timeout: 10_000 })
          .toMatch(/long_press: completed — 2 events via (scrcpy|helper)/);
      } finally {
        device.stop();
        if (pressed) await h.page.mouse.up();
      }
    },
    TIMEOUT,
  );

  it(
    "a slow curved drag: every injected point within 2 device px of the pointer's path, in order and at its pace; + Step adds the call",
    async () => {
      const observation = await h.observe();
      await recordPage(h, observation.screen);
      const list = nodeById(observation, 'list').bounds_px;
      // A quarter circle over the list, in device pixels, walked in 60 steps of ~25 ms.
      const c = { x: 200, y: list[1]! + 150 };
      const r = 600;
      const curve = Array.from({ length: 61 }, (_, i) => ({
        x: Math.round(c.x + r * Math.sin((i / 60) * (Math.PI / 2))),
        y: Math.round(c.y + r * (1 - Math.cos((i / 60) * (Math.PI / 2)))),
      }));
      const stage = [];
      for (const p of curve) stage.push(await stagePointOf(h.page, observation.screen, p));
      const device = recordDevice(h);
      try {
        await h.page.mouse.move(stage[0]!.x, stage[0]!.y);
        await h.page.mouse.down();
        for (const s of stage.slice(1)) {
          await h.page.mouse.move(s.x, s.y);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await h.page.mouse.up();
        await expect
          .poll(() => device.events.some((e) => e.action === 'up'), { timeout: 10_000, interval: 10 })
          .toBe(true);
      } finally {
        device.stop();
      }
      await h.page.screenshot({ path: 'test-results/live-touch-curve.png' });
      const injected = device.events;
      const page = (await pageEvents(h)).filter((e) => e.type !== 'pointerdown' || true);
      const pointer = page.map((e) => ({ x: e.x, y: e.y }));
      expect(injected.map((e) => e.action).filter((a) => a !== 'move')).toEqual(['down', 'up']);
      expect(injected.length).toBeGreaterThan(10); // the path, not a jump
      // Position: on the pointer's path (as the page saw it, and as the test drew it).
      let along = -1;
      for (const e of injected) {
        const onPointer = distanceToPath(e, pointer);
        expect(onPointer.d, `injected (${e.x}, ${e.y})`).toBeLessThanOrEqual(2);
        expect(distanceToPath(e, curve).d).toBeLessThanOrEqual(2);
        // Order: never back along the path (a pixel of rounding aside).
        expect(onPointer.along).toBeGreaterThanOrEqual(along - 2);
        along = Math.max(along, onPointer.along);
      }
      // Timing: each injected point lands when the pointer was there (same offset from the press, within the bound).
      const pressAt = page.find((e) => e.type === 'pointerdown')!.at;
      const downAt = injected[0]!.at;
      expect(downAt - pressAt).toBeLessThanOrEqual(PRESS_TO_DOWN_MS);
      for (const e of injected.slice(1, -1)) {
        const seen = page
          .filter((p) => p.type === 'pointermove')
          .reduce((best, p) => (Math.hypot(p.x - e.x, p.y - e.y) < Math.hypot(best.x - e.x, best.y - e.y) ? p : best));
        expect(Math.abs(e.at - downAt - (seen.at - pressAt)), `injected (${e.x}, ${e.y})`).toBeLessThanOrEqual(
          PRESS_TO_DOWN_MS,
        );
      }
      const release = page.find((e) => e.type === 'pointerup')!;
      expect(injected.at(-1)!.at).toBeGreaterThanOrEqual(release.at);
      // The receipt names the call as injected: a pixel touch_gesture whose replay follows the same curve.
      const row = h.page.locator('[data-testid=receipt-row][data-tool=touch_gesture]').first();
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getAttribute('data-status')).toBe('completed');
      const listed = await h.services.dispatch('receipts.list', { limit: 5 });
      const receipt = listed.ok
        ? (
            listed.result as {
              receipts: Array<{
                tool: string;
                args: { frames: Array<{ at_ms: number; points: number[][] }> };
                dispatch?: { backend: string; events: number };
              }>;
            }
          ).receipts.find((x) => x.tool === 'touch_gesture')!
        : null;
      expect(receipt?.dispatch).toEqual(
        expect.objectContaining({ backend: expect.stringMatching(/^(scrcpy|helper)$/), events: injected.length }),
      );
      const frames = receipt!.args.frames;
      expect(frames.length).toBeLessThanOrEqual(32);
      for (const f of frames)
        expect(distanceToPath({ x: f.points[0]![0]!, y: f.points[0]![1]! }, curve).d).toBeLessThanOrEqual(2);
      expect(frames.at(-1)!.at_ms).toBeGreaterThanOrEqual(Math.round(release.at - pressAt) - PRESS_TO_DOWN_MS);
      // "+ Step" adds exactly that call to the document.
      const steps = h.page.locator('[data-testid=steps-panel] [data-step-id]');
      const before = await steps.count();
      await h.page.getByTestId('add-to-document').click();
      await expect.poll(() => steps.count()).toBe(before + 1);
      expect(await steps.last().getAttribute('data-tool')).toBe('touch_gesture');
      await h.page.screenshot({ path: 'test-results/live-touch-step.png' });
    },
    TIMEOUT,
  );
});
