// The console end to end in Debian's Chromium, over the loopback bridge, on the virtual device behind a
// private adb server: select the device, see the mirror, hover a node and read its selector, tap Play (receipt,
// content_desc Play → Pause), drag the SeekBar. Screenshots go to test-results/e2e/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReceiptJournal } from '../../electron/receipts';
import { sampleReceipt } from '../support/receipts/sample-receipt';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('console (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

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

  it('lists the device and selects it; the mirror shows the device picture', async () => {
    const row = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.textContent()).toContain('SDK');
    await row.click();
    await expect.poll(() => row.getAttribute('class')).toContain('selected');
    // The live mirror: scrcpy H.264 from the virtual device, decoded by WebCodecs in the page.
    await expect
      .poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 20_000 })
      .toMatch(/mirror: stream \d+×\d+ · /);
    // The mirror canvas holds the lab's picture: many distinct colours, not a blank canvas.
    const colours = async () =>
      h.page.getByTestId('mirror').evaluate((canvas: HTMLCanvasElement) => {
        const copy = document.createElement('canvas');
        copy.width = canvas.width;
        copy.height = canvas.height;
        const ctx = copy.getContext('2d')!;
        ctx.drawImage(canvas, 0, 0);
        const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
        const seen = new Set<number>();
        for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        return seen.size;
      });
    await expect.poll(colours, { timeout: 20_000 }).toBeGreaterThan(20);
    await expect.poll(() => h.page.getByTestId('tree-row').count(), { timeout: 20_000 }).toBeGreaterThan(10);
    await shot('01-device-selected');
  });

  it('hovering a node shows its native selector', async () => {
    const observation = await h.observe();
    const play = nodeById(observation, 'play_pause');
    const at = await stagePointOf(h.page, observation.screen, centre(play.bounds_px));
    await h.page.mouse.move(at.x, at.y);
    await expect
      .poll(() => h.page.getByTestId('hover-selector').textContent())
      .toBe(JSON.stringify(play.native_selector));
    await expect
      .poll(() => h.page.getByTestId('inspector-selector').textContent())
      .toContain('"com.tactile.lab:id/play_pause"');
    expect(await h.page.getByTestId('attr-content_desc').textContent()).toContain('Play');
    expect(await h.page.getByTestId('readout').textContent()).toMatch(/px\s*\d+,\s*\d+/);
    await shot('02-hover-play');
  });

  it('tapping Play in Control mode (a live finger) produces a completed click receipt and the content_desc becomes Pause', async () => {
    await h.page.getByTestId('tool-control').click();
    const observation = await h.observe();
    const play = nodeById(observation, 'play_pause');
    expect(play.content_desc).toBe('Play');
    const at = await stagePointOf(h.page, observation.screen, centre(play.bounds_px));
    await h.page.mouse.click(at.x, at.y);
    const receipt = h.page.locator('[data-testid=receipt-row][data-tool=click]').first();
    await receipt.waitFor({ timeout: 30_000 });
    expect(await receipt.getAttribute('data-status')).toBe('completed');
    await expect
      .poll(async () => nodeById(await h.observe(), 'play_pause').content_desc, { timeout: 10_000 })
      .toBe('Pause');
    // The console re-observed after the receipt: hovering the button shows the new reading.
    await h.page.mouse.move(at.x + 1, at.y);
    await expect
      .poll(() => h.page.getByTestId('attr-content_desc').textContent(), { timeout: 10_000 })
      .toContain('Pause');
    await shot('03-after-play-tap');
  });

  it('with "live" on, the node tree follows the playing timeline without any action', async () => {
    const clock = h.page.locator('[data-testid=tree-row]', { hasText: '#current_time' });
    const before = await clock.textContent();
    await h.page.getByLabel('live').check();
    await expect.poll(() => clock.textContent(), { timeout: 15_000 }).not.toBe(before);
    await h.page.getByLabel('live').uncheck();
  });

  it('dragging the SeekBar thumb moves its value', async () => {
    const before = await h.observe();
    const bar = nodeById(before, 'seekbar');
    const value = Number(nodeById(before, 'seekbar_value').text);
    const [l, t, r, b] = bar.bounds_px;
    const y = Math.floor((t + b) / 2);
    const from = await stagePointOf(h.page, before.screen, { x: Math.round(l + ((r - l) * value) / 100), y });
    const to = await stagePointOf(h.page, before.screen, { x: Math.round(l + (r - l) * 0.85), y });
    await h.page.mouse.move(from.x, from.y);
    await h.page.mouse.down();
    await h.page.mouse.move(to.x, to.y, { steps: 12 });
    await h.page.mouse.up();
    const receipt = h.page.locator('[data-testid=receipt-row][data-tool=touch_gesture]').first();
    await receipt.waitFor({ timeout: 30_000 });
    // On failure the row's code and text say why (a receipt of unknown outcome names its cause).
    expect(
      `${await receipt.getAttribute('data-status')} ${await receipt.getAttribute('data-code')}`,
      (await receipt.textContent()) ?? '',
    ).toBe('completed ');
    await expect
      .poll(async () => Number(nodeById(await h.observe(), 'seekbar_value').text), { timeout: 10_000 })
      .toBeGreaterThan(value + 20);
    // The executor released the device lock; the device list shows it free again.
    const facts = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"] .device-facts`);
    await expect.poll(() => facts.textContent(), { timeout: 10_000 }).toContain('lockfree');
    await h.page.mouse.move(to.x, to.y + 2);
    await shot('04-after-seekbar-drag');
  });

  it('the mouse wheel scrolls the list with a live finger', async () => {
    const observation = await h.observe();
    const list = nodeById(observation, 'list');
    const firstRow = (o: typeof observation) =>
      o.nodes.find((n) => n.resource_id?.startsWith('com.tactile.lab:id/row_'))!.resource_id;
    const before = firstRow(observation);
    const at = await stagePointOf(h.page, observation.screen, centre(list.bounds_px));
    await h.page.mouse.move(at.x, at.y);
    await h.page.mouse.wheel(0, 100);
    const receipt = h.page.locator('[data-testid=receipt-row][data-tool=touch_gesture]').first();
    await receipt.waitFor({ timeout: 30_000 });
    expect(await receipt.getAttribute('data-status')).toBe('completed');
    await expect.poll(async () => firstRow(await h.observe()), { timeout: 10_000 }).not.toBe(before);
  });

  it('the tree search and the overlay stay in sync; selecting in Inspect mode', async () => {
    await h.page.getByRole('button', { name: 'Inspect' }).click();
    await h.page.getByLabel('Search nodes').fill('seekbar');
    await expect.poll(() => h.page.getByTestId('tree-row').count()).toBe(3); // seekbar_label, seekbar_value, seekbar
    const row = h.page.locator('[data-testid=tree-row]', { hasText: '#seekbar_value' });
    await row.hover();
    await expect.poll(() => h.page.getByTestId('hover-selector').textContent()).toContain('seekbar_value');
    await h.page.getByLabel('Search nodes').fill('');
    const observation = await h.observe();
    const play = nodeById(observation, 'play_pause');
    const at = await stagePointOf(h.page, observation.screen, centre(play.bounds_px));
    await h.page.mouse.click(at.x, at.y);
    const selectedRow = h.page.locator('[data-testid=tree-row].selected');
    await expect.poll(() => selectedRow.getAttribute('data-index')).toBe(String(play.index));
    const bar = nodeById(observation, 'seekbar');
    const over = await stagePointOf(h.page, observation.screen, centre(bar.bounds_px));
    await h.page.mouse.move(over.x, over.y);
    await expect.poll(() => h.page.getByTestId('inspector-selector').textContent()).toContain('play_pause'); // the selection wins over hover
    await shot('05-console');
  });

  it('types text into the focused field', async () => {
    const observation = await h.observe();
    const at = await stagePointOf(h.page, observation.screen, centre(nodeById(observation, 'edit_text').bounds_px));
    await h.page.getByTestId('tool-control').click();
    await h.page.mouse.click(at.x, at.y);
    await expect
      .poll(async () => nodeById(await h.observe(), 'edit_text').flags.focused, { timeout: 10_000 })
      .toBe(true);
    await h.page.getByLabel('Text to type').fill('hello tactile');
    await h.page.getByRole('button', { name: 'Type' }).click();
    const receipt = h.page.locator('[data-testid=receipt-row][data-tool=input_text]').first();
    await receipt.waitFor({ timeout: 30_000 });
    expect(await receipt.getAttribute('data-status')).toBe('completed');
    // Exactly the typed text: the empty field reports its hint as text (showing_hint_text), which is not content.
    await expect
      .poll(async () => nodeById(await h.observe(), 'edit_text').text, { timeout: 10_000 })
      .toBe('hello tactile');
    const sent = await h.services.dispatch('receipts.list', { limit: 1 });
    expect(sent.ok && (sent.result as { receipts: Array<{ args: unknown }> }).receipts[0]!.args).toMatchObject({
      text: 'hello tactile',
      clear_exist: false,
    });
  });

  it('receipts written by another client (the CLI) appear as they complete', async () => {
    new ReceiptJournal({ dir: h.journalDir }).append({
      ...sampleReceipt('written-by-the-cli'),
      device_serial: h.serial,
    });
    const row = h.page.locator('[data-testid=receipt-row]', { hasText: 'written-' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-status')).toBe('completed');
  });

  it('refuses a wrong-shaped request from the page with INVALID_ARGUMENT, and a socket without the token', async () => {
    const replies = await h.page.evaluate(async (socketUrl) => {
      const ask = (url: string, frames: string[]) =>
        new Promise<string[]>((resolve) => {
          const ws = new WebSocket(url);
          const got: string[] = [];
          ws.onmessage = (e) => {
            // Events (mirror packets, device lists) are broadcast to every socket; keep the replies.
            if (typeof e.data !== 'string' || JSON.parse(e.data).type !== 'reply') return;
            got.push(e.data);
            if (got.length === frames.length) {
              ws.close();
              resolve(got);
            }
          };
          ws.onopen = () => frames.forEach((f) => ws.send(f));
          ws.onerror = () => resolve(['refused']);
        });
      const withToken = await ask(socketUrl, [
        JSON.stringify({ type: 'request', id: 1, channel: 'device.execute', payload: { serial: 7, envelope: {} } }),
        JSON.stringify({
          type: 'request',
          id: 2,
          channel: 'devices.connect',
          payload: { target: 'localhost; rm -rf /' },
        }),
        JSON.stringify({ type: 'request', id: 3, channel: 'receipts.list', payload: { limit: 1e9 } }),
      ]);
      const withoutToken = await ask(socketUrl.replace(/\?token=.*/, ''), ['{}']);
      return { withToken, withoutToken };
    }, h.bridge.socketUrl);
    expect(replies.withToken.map((r) => JSON.parse(r).reply.error.code)).toEqual([
      'INVALID_ARGUMENT',
      'INVALID_ARGUMENT',
      'INVALID_ARGUMENT',
    ]);
    expect(JSON.parse(replies.withToken[0]!).reply.error.path).toBe('/serial');
    expect(replies.withoutToken).toEqual(['refused']);
  });

  it('keyboard shortcuts send keys: Alt+H is Home', async () => {
    await h.page.locator('body').click({ position: { x: 5, y: 5 } });
    await h.page.keyboard.press('Alt+h');
    const receipt = h.page.locator('[data-testid=receipt-row][data-tool=press_key]').first();
    await receipt.waitFor({ timeout: 30_000 });
    expect(await receipt.getAttribute('data-status')).toBe('completed');
    await expect
      .poll(async () => (await h.observe()).nodes.some((n) => n.package_name === 'com.tactile.lab'), {
        timeout: 10_000,
      })
      .toBe(false);
  });
});
