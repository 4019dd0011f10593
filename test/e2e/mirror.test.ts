// The mirror in Debian's Chromium, end to end through the product: the console's stage plays the virtual
// device's H.264 stream (scrcpy → main → loopback bridge → WebCodecs → Konva mirror layer); the picture on the
// page matches the device's own screenshot, and a tap on Play made with the Control tool changes it; behind the
// debugger the mirror paints nothing and shows the newest picture once the console is back. The stream is
// sized for the stage; the stream settings panel restarts it at another size, and "screen off while mirroring"
// turns the virtual panel off while frames keep arriving.
// Screenshots land in test-results/.
import { mkdirSync } from 'node:fs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centre, nodeById, stagePointOf } from './console-harness';
import { startMirrorHarness, type MirrorHarness } from './mirror-harness';

const TIMEOUT = 120_000;
type Rect = { left: number; top: number; right: number; bottom: number };

async function deviceMean(h: MirrorHarness, r: Rect): Promise<number[]> {
  const reply = await h.services.dispatch('device.screenshot', { serial: h.serial });
  if (!reply.ok) throw new Error(reply.error.message);
  const png = PNG.sync.read(Buffer.from((reply.result as { png: Uint8Array }).png));
  const sum = [0, 0, 0];
  for (let y = r.top; y < r.bottom; y++)
    for (let x = r.left; x < r.right; x++)
      for (let c = 0; c < 3; c++) sum[c]! += png.data[(y * png.width + x) * 4 + c]!;
  const n = (r.right - r.left) * (r.bottom - r.top);
  return sum.map((v) => v / n);
}

/** Mean RGB of a device-pixel rectangle as drawn on the stage's mirror layer. */
const stageMean = (h: MirrorHarness, r: Rect, screen: { width: number; height: number }) =>
  h.page.evaluate(
    ({ r, screen }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid=mirror]')!;
      const c = canvas.getBoundingClientRect();
      const p = document.querySelector('[data-testid=overlay]')!.getBoundingClientRect();
      const k = canvas.width / c.width;
      const x = (px: number) => Math.round((p.left - c.left + (px * p.width) / screen.width) * k);
      const y = (py: number) => Math.round((p.top - c.top + (py * p.height) / screen.height) * k);
      const data = canvas
        .getContext('2d')!
        .getImageData(x(r.left), y(r.top), x(r.right) - x(r.left), y(r.bottom) - y(r.top)).data;
      const sum = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) for (let j = 0; j < 3; j++) sum[j]! += data[i + j]!;
      return sum.map((v) => v / (data.length / 4));
    },
    { r, screen },
  );

const diff = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

describe('mirror in Chromium through the console stage (WebCodecs, bridge, virtual device)', () => {
  let h: MirrorHarness;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    h = await startMirrorHarness();
    await h.open();
  }, TIMEOUT);

  afterAll(async () => {
    await h?.stop();
  }, TIMEOUT);

  it(
    'decodes the stream onto the stage, shows the device picture, and follows a tap on Play',
    async () => {
      // The stream is asked at the size the stage shows (its longest side × devicePixelRatio, a multiple of 8).
      await expect
        .poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 20_000 })
        .toMatch(/mirror: stream \d+×\d+/);
      const [, w, hgt] = /stream (\d+)×(\d+)/.exec((await h.page.getByTestId('mirror-status').textContent())!)!;
      const shown = (await h.page.getByTestId('overlay').boundingBox())!;
      expect(Number(hgt)).toBe(Math.ceil(shown.height / 8) * 8);
      expect(Number(w)).toBeLessThan(1080);
      const observation = await h.observe();
      const play = nodeById(observation, 'play_pause');
      expect(play.content_desc).toBe('Play');
      const [l, t, r, b] = play.bounds_px;
      // Inset: the picture is scaled down on the stage, edges blend with their neighbours.
      const region: Rect = { left: l + 12, top: t + 12, right: r - 12, bottom: b - 12 };
      const before = await deviceMean(h, region);
      await expect
        .poll(async () => diff(await stageMean(h, region, observation.screen), before), { timeout: 10_000 })
        .toBeLessThan(16);
      await h.page.screenshot({ path: 'test-results/mirror-before-tap.png' });

      // The picture keeps the device's aspect ratio.
      const box = (await h.page.getByTestId('overlay').boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(1080 / 2400, 2);

      await h.page.getByTestId('tool-control').click();
      const at = await stagePointOf(h.page, observation.screen, centre(play.bounds_px));
      await h.page.mouse.click(at.x, at.y);
      await expect
        .poll(async () => nodeById(await h.observe(), 'play_pause').content_desc, { timeout: 10_000 })
        .toBe('Pause');
      const after = await deviceMean(h, region);
      expect(diff(after, before)).toBeGreaterThan(3); // the icon really changed on the device
      await expect
        .poll(async () => diff(await stageMean(h, region, observation.screen), after), { timeout: 10_000 })
        .toBeLessThan(16);
      expect(diff(await stageMean(h, region, observation.screen), before)).toBeGreaterThan(3);
      await h.page.screenshot({ path: 'test-results/mirror-after-tap.png' });
    },
    TIMEOUT,
  );

  it(
    'paints nothing while the debugger covers the console, and shows the newest picture when it is back',
    async () => {
      const observation = await h.observe();
      const play = nodeById(observation, 'play_pause');
      const [l, t, r, b] = play.bounds_px;
      const region: Rect = { left: l + 12, top: t + 12, right: r - 12, bottom: b - 12 };
      const painted = () => h.page.evaluate('window.tactileDiagnostics.mirrorFrames().length') as Promise<number>;
      const shown = await deviceMean(h, region);
      await h.page.getByTestId('mode-debugger').click();
      await h.page.getByTestId('debugger').waitFor();
      const hiddenFrom = await painted();
      // The device changes behind the debugger (Play ↔ Pause): frames arrive and are decoded, none is painted.
      const c = centre(play.bounds_px);
      const tap = await h.services.dispatch('device.execute', {
        serial: h.serial,
        envelope: {
          tool: 'click',
          args: {
            target: [
              Math.round((c.x * 1000) / observation.screen.width),
              Math.round((c.y * 1000) / observation.screen.height),
            ],
          },
        },
      });
      expect(tap.ok && (tap.result as { receipt: { status: string; message?: string } }).receipt).toMatchObject({
        status: 'completed',
      });
      await expect
        .poll(async () => nodeById(await h.observe(), 'play_pause').content_desc, { timeout: 10_000 })
        .not.toBe(play.content_desc);
      const changed = await deviceMean(h, region);
      expect(diff(changed, shown)).toBeGreaterThan(3);
      // Deliberate: nothing may be painted over this time while frames of the change arrive (a slower machine
      // only waits longer; whether they arrived is shown below, by the newest picture painted at once on return).
      await new Promise((res) => setTimeout(res, 1500));
      expect(await painted()).toBe(hiddenFrom);
      // Back to the console: the held newest frame is painted at once, though the screen no longer changes.
      await h.page.getByTestId('mode-console').click();
      await expect
        .poll(async () => diff(await stageMean(h, region, observation.screen), changed), { timeout: 10_000 })
        .toBeLessThan(16);
      expect(await painted()).toBeGreaterThan(hiddenFrom);
      await h.page.screenshot({ path: 'test-results/mirror-after-debugger.png' });
    },
    TIMEOUT,
  );
  it(
    'stream settings: screen off darkens the virtual panel while frames keep coming; a fixed size restarts the stream',
    async () => {
      const panelOn = async () => {
        const r = await h.adb.adb(['-s', h.serial, 'shell', 'dumpsys tactile_lab']);
        return (JSON.parse(r.stdout) as { system: { panel_on: boolean } }).system.panel_on;
      };
      const painted = () => h.page.evaluate('window.tactileDiagnostics.mirrorFrames().length') as Promise<number>;
      const status = () => h.page.getByTestId('mirror-status').textContent();
      expect(await panelOn()).toBe(true);
      await h.page.getByTestId('stream-settings-toggle').click();
      await h.page.getByTestId('stream-settings').waitFor();
      await h.page.getByTestId('mirror-screen-off').check();
      await expect.poll(panelOn, { timeout: 10_000 }).toBe(false);
      // The device stays awake and streams on: a still screen's frames are repeated, and painted.
      const from = await painted();
      await expect.poll(painted, { timeout: 10_000 }).toBeGreaterThan(from + 5);
      await h.page.screenshot({ path: 'test-results/mirror-stream-settings.png' });

      // Full size restarts the stream at the device's size; the panel stays off across the restart.
      await h.page.getByTestId('stream-max-size').selectOption('0');
      await expect.poll(status, { timeout: 20_000 }).toMatch(/mirror: stream 1080×2400/);
      expect(await panelOn()).toBe(false);
      await h.page.getByTestId('stream-max-size').selectOption('stage');
      await expect.poll(status, { timeout: 20_000 }).not.toMatch(/1080×2400/);

      await h.page.getByTestId('mirror-screen-off').uncheck();
      await expect.poll(panelOn, { timeout: 10_000 }).toBe(true);
    },
    TIMEOUT,
  );
});
