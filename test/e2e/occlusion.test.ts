// Occlusion preview end to end in Chromium (bridge + virtual device): selecting the lab's covered button (under
// the floating overlay window) shows OCCLUDED on the stage and in the status line from `device.occlusion`
// before anything is sent, and the device received no input; the partly covered one is PARTLY_OCCLUDED.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('occlusion preview (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;
  const inputs = async () =>
    (
      JSON.parse((await h.adb.adb(['-s', h.serial, 'shell', 'dumpsys', 'tactile_lab'])).stdout) as {
        input_event_count: number;
      }
    ).input_event_count;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    await h.page.goto(h.bridge.url);
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  it('selecting the covered button shows OCCLUDED before anything is sent; nothing reaches the device', async () => {
    await expect.poll(() => h.page.getByTestId('tree-row').count(), { timeout: 30_000 }).toBeGreaterThan(10);
    const before = await inputs();
    await h.page.getByLabel('Search nodes').fill('covered_button');
    const covered = h.page.locator('[data-testid=tree-row]', { hasText: '#covered_button' });
    await covered.click();
    await expect
      .poll(() => h.page.getByTestId('occlusion-verdict').getAttribute('data-verdict'), { timeout: 15_000 })
      .toBe('OCCLUDED');
    expect(await h.page.getByTestId('occlusion-verdict').textContent()).toMatch(/^OCCLUDED by /);
    await h.page.screenshot({ path: join(ARTIFACTS, 'occlusion-01-covered.png') });
    expect(await inputs()).toBe(before);

    const partly = h.page.locator('[data-testid=tree-row]', { hasText: '#partly_covered_button' });
    await partly.click();
    await expect
      .poll(() => h.page.getByTestId('occlusion-verdict').getAttribute('data-verdict'), { timeout: 15_000 })
      .toBe('PARTLY_OCCLUDED');
    await h.page.screenshot({ path: join(ARTIFACTS, 'occlusion-02-partly.png') });
    expect(await inputs()).toBe(before);
  }, 90_000);
});
