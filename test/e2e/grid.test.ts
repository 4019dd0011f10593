// The grid of mirrors and the fullscreen stage, end to end in Chromium (bridge + two virtual devices): the grid
// shows both devices' live mirrors; both ticked and group control on, one tap on a tile lands on both labs
// (one receipt each); Open takes a tile's device back to the stage. Fullscreen keeps the tools: the side
// columns step aside, the picture grows, a tool's panel floats on the stage. Screenshots: test-results/e2e/grid-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cameraView, devicePoint, deviceToStage, fitCamera } from '../../shared/geometry';
import type { Observation } from '../../shared/ipc';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { ARTIFACTS, centre, nodeById, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('grid of mirrors and fullscreen stage (E2E, Chromium + bridge + two virtual devices)', () => {
  let h: ConsoleHarness;
  let second: VirtualDevice;
  let secondSerial = '';
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `grid-${name}.png`) });

  const observe = async (serial: string): Promise<Observation> => {
    const reply = await h.services.dispatch('device.observe', { serial });
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.result as Observation;
  };
  const playing = async (serial: string) => nodeById(await observe(serial), 'play_pause').content_desc;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    second = await startVirtualDevice();
    secondSerial = `127.0.0.1:${second.port}`;
    await h.adb.connect(secondSerial);
    await h.page.goto(h.bridge.url);
    await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click({ timeout: 20_000 });
    await h.page
      .locator(`[data-testid=device-row][data-serial="${secondSerial}"]:not(.offline)`)
      .waitFor({ timeout: 30_000 });
  }, 180_000);

  afterAll(async () => {
    await h?.stop();
    await second?.stop().catch(() => undefined);
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  it('shows every online device’s mirror; a group tap on one tile lands on both devices', async () => {
    await h.page.getByTestId('view-grid').click();
    const tiles = h.page.getByTestId('grid-tile');
    await expect.poll(() => tiles.count(), { timeout: 20_000 }).toBe(2);
    // The embedded device streams (it serves scrcpy itself); the second mirrors by screenshots without the
    // downloaded scrcpy server, as a phone would.
    for (const serial of [h.serial, secondSerial]) {
      await expect
        .poll(
          () =>
            h.page
              .locator(`[data-testid=grid-tile][data-serial="${serial}"] [data-testid=grid-status]`)
              .getAttribute('data-mode'),
          { timeout: 30_000 },
        )
        .toMatch(/^(stream|screenshots)$/);
      await h.page.locator(`[data-testid=grid-group][data-serial="${serial}"]`).check();
    }
    await h.page.getByTestId('grid-group-control').click();
    await expect.poll(() => h.page.getByTestId('grid-group-control').getAttribute('aria-pressed')).toBe('true');
    const before = [await playing(h.serial), await playing(secondSerial)];
    expect(before[0]).toBe(before[1]);
    await shot('01-two-devices');

    // Tap the Play button where it is drawn on the second device's tile.
    const observation = await observe(secondSerial);
    const picture = (await h.page.locator(`[data-testid=grid-picture][data-serial="${secondSerial}"]`).boundingBox())!;
    const view = cameraView(
      fitCamera({ width: picture.width, height: picture.height }, observation.screen, 0),
      observation.screen,
    );
    const play = centre(nodeById(observation, 'play_pause').bounds_px);
    const at = deviceToStage(devicePoint(play.x, play.y), view);
    await h.page.mouse.click(picture.x + at.x, picture.y + at.y);

    for (const serial of [h.serial, secondSerial]) {
      await expect.poll(() => playing(serial), { timeout: 30_000 }).not.toBe(before[0]);
      const receipt = h.page
        .locator(`[data-testid=receipt-row][data-tool=action_sequence]`)
        .filter({ hasText: serial })
        .first();
      await receipt.waitFor({ timeout: 30_000 });
      expect(await receipt.getAttribute('data-status')).toBe('completed');
    }
    await shot('02-group-tap');
    await h.page.getByTestId('grid-group-control').click();
  }, 120_000);

  it('Open takes a tile’s device back to the stage', async () => {
    await h.page.locator(`[data-testid=grid-tile][data-serial="${secondSerial}"] [data-testid=grid-open]`).click();
    await h.page.getByTestId('stage').waitFor();
    expect(await h.page.getByTestId('mirror-grid').count()).toBe(0);
    await expect
      .poll(() => h.page.locator(`[data-testid=device-row][data-serial="${secondSerial}"]`).getAttribute('class'), {
        timeout: 20_000,
      })
      .toContain('selected');
    await expect
      .poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 20_000 })
      .toMatch(/mirror: (stream|screenshots) \d+×\d+ · /);
  }, 60_000);

  it('fullscreen keeps every tool: the columns step aside, the picture grows, the tool panel floats on the stage', async () => {
    const before = (await h.page.getByTestId('overlay').boundingBox())!;
    await h.page.getByTestId('view-fullscreen').click();
    await expect.poll(async () => (await h.page.locator('#pane-right').boundingBox())?.width ?? 0).toBe(0);
    await expect
      .poll(async () => (await h.page.getByTestId('overlay').boundingBox())!.height)
      .toBeGreaterThanOrEqual(before.height);
    await h.page.getByTestId('tool-calibrated-drag').click();
    const dock = h.page.getByTestId('tool-dock');
    await dock.waitFor();
    expect(await dock.getAttribute('data-floating')).toBe('true');
    const picture = (await h.page.getByTestId('overlay').boundingBox())!;
    const panel = (await dock.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(picture.x + picture.width);
    await shot('03-fullscreen-calibrated');
    await h.page.getByTestId('view-fullscreen').click();
    await expect.poll(async () => (await h.page.locator('#pane-right').boundingBox())?.width ?? 0).toBeGreaterThan(200);
    expect(await dock.getAttribute('data-floating')).toBe('false');
    await h.page.getByTestId('tool-inspect').click();
  }, 60_000);
});
