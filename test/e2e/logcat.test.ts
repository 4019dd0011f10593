// The Logcat panel end to end: the console's own renderer in Chromium over the bridge, the virtual device's
// logcat read through the `logcat.read` contract channel. Live lines from the lab's clicks and Sync requests,
// filters by level / tag / package / text, pause and resume, clear, export. Screenshots in test-results/e2e/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, centre, nodeById, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('Logcat panel (E2E, Chromium + virtual device)', () => {
  let h: ConsoleHarness;
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  const tapNode = async (name: string) => {
    const node = nodeById(await h.observe(), name);
    const reply = await h.services.dispatch('device.execute', {
      serial: h.serial,
      envelope: { tool: 'tap', args: centre(node.bounds_px) },
    });
    expect(reply).toMatchObject({ ok: true, result: { receipt: { status: 'completed' } } });
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    await h.page.goto(h.bridge.url);
    await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click();
    // The lab in front, through the console's own channel: a seed-004 tool like any other call.
    const started = await h.services.dispatch('device.execute', {
      serial: h.serial,
      envelope: { tool: 'restart_app', args: { appId: 'com.tactile.lab' } },
    });
    expect(started).toMatchObject({
      ok: true,
      result: { receipt: { status: 'completed', action_envelope: { success: true } } },
    });
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  it('follows the device live and filters, pauses, clears and exports', async () => {
    const panel = h.page.getByTestId('logcat');
    const lines = panel.getByTestId('logcat-line');
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await tapNode('checkbox');
    const click = panel.locator('[data-testid=logcat-line][data-tag=TactileLab]', {
      hasText: 'click com.tactile.lab:id/checkbox',
    });
    await click.first().waitFor({ timeout: 10_000 });
    expect(await click.first().getAttribute('data-package')).toBe('com.tactile.lab');

    // Sync twice on Details: a 200 and a 404, logged by the HTTP client and, for the failure, by the app (W).
    await tapNode('second_screen_button');
    await tapNode('sync_button');
    await tapNode('sync_button');
    await panel
      .locator('[data-testid=logcat-line]', { hasText: '<-- 404 Not Found https://api.tactile.lab/v1/sync?n=2' })
      .waitFor({ timeout: 10_000 });
    await shot('logcat-01-live');

    await panel.getByTestId('logcat-level').selectOption('W');
    await expect.poll(async () => (await lines.allTextContents()).join('\n')).toContain('sync 2 failed: HTTP 404');
    for (const level of await lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-level'))))
      expect(['W', 'E', 'F']).toContain(level);
    await panel.getByTestId('logcat-level').selectOption('V');
    await panel.getByTestId('logcat-tag').fill('okhttp');
    await expect
      .poll(async () => new Set(await lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')))))
      .toEqual(new Set(['okhttp.OkHttpClient']));
    await panel.getByTestId('logcat-text').fill('telemetry');
    await expect.poll(async () => (await lines.allTextContents()).every((t) => t.includes('telemetry'))).toBe(true);
    await shot('logcat-02-filtered');
    await panel.getByTestId('logcat-tag').fill('');
    await panel.getByTestId('logcat-text').fill('');
    await panel.getByTestId('logcat-package').fill('systemui');
    await expect.poll(() => lines.count()).toBe(0);
    await panel.getByTestId('logcat-package').fill('com.tactile.lab');
    await expect.poll(() => lines.count()).toBeGreaterThan(0);

    // Paused: new lines wait on the device until resumed.
    await panel.getByTestId('logcat-pause').click();
    await expect.poll(() => panel.getAttribute('data-paused')).toBe('true');
    const frozen = await lines.count();
    await tapNode('sync_button');
    // Deliberate: no line may appear over this time (a slower machine only waits longer); that the line did come
    // meanwhile is shown once resumed.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await lines.count()).toBe(frozen);
    await panel.getByTestId('logcat-pause').click();
    await panel
      .locator('[data-testid=logcat-line]', { hasText: 'sync 3 failed: HTTP 503' })
      .waitFor({ timeout: 10_000 });

    // Export: the shown lines, in threadtime.
    const download = h.page.waitForEvent('download');
    await panel.getByTestId('logcat-export').click();
    const file = await (await download).path();
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [VDIWEF] /m);
    expect(text).toContain('sync 3 failed: HTTP 503');
    expect(text.trim().split('\n')).toHaveLength(await lines.count());

    await panel.getByTestId('logcat-clear').click();
    await expect.poll(() => lines.count()).toBe(0);
    await tapNode('sync_button');
    await panel.locator('[data-testid=logcat-line]', { hasText: 'sync 4 failed' }).waitFor({ timeout: 10_000 });
    expect(await panel.locator('[data-testid=logcat-line]', { hasText: 'sync 3 failed' }).count()).toBe(0);
    await shot('logcat-03-after-clear');
  }, 120_000);
});
