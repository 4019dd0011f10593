// Inspector to action, end to end in Chromium (bridge + virtual device): the selected node's XPath and
// UiSelector (the XPath evaluated by Chromium over the device's own `uiautomator dump`, in Appium's page-source
// form, matches that node alone), and Tap / Type here / Wait for by its selector: sent through the executor
// (control_action, its receipt completed, the lab changed) or added to the document as a step.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Observation } from '../../shared/ipc';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('inspector to action (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
    await h.page.goto(h.bridge.url);
    await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click({ timeout: 20_000 });
    await h.page.getByTestId('tree-row').nth(10).waitFor({ timeout: 20_000 });
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  async function select(observation: Observation, id: string) {
    await h.page.getByTestId('tool-inspect').click();
    const at = await stagePointOf(h.page, observation.screen, centre(nodeById(observation, id).bounds_px));
    await h.page.mouse.click(at.x, at.y);
    await expect
      .poll(() => h.page.getByTestId('inspector-selector').textContent())
      .toContain(`com.tactile.lab:id/${id}`);
  }

  /** How many elements the XPath finds in the device's page source, and the bounds of the first. */
  async function evaluateXpath(xpath: string): Promise<{ count: number; bounds: string | null }> {
    const dump = (await h.adb.adb(['-s', h.serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty'])).stdout;
    const xml = dump.slice(dump.indexOf('<?xml'), dump.lastIndexOf('>') + 1);
    return h.page.evaluate(
      ({ xml, xpath }) => {
        // Appium's UiAutomator2 page source names each element by its class, with the dump's attributes.
        const source = new DOMParser().parseFromString(xml, 'text/xml');
        const page = document.implementation.createDocument(null, 'hierarchy');
        const copy = (from: Element, to: Element) => {
          for (const child of Array.from(from.children)) {
            const el = page.createElement(child.getAttribute('class') || 'node');
            for (const a of Array.from(child.attributes)) el.setAttribute(a.name, a.value);
            to.appendChild(el);
            copy(child, el);
          }
        };
        copy(source.documentElement, page.documentElement);
        const found = page.evaluate(xpath, page, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
        return {
          count: found.snapshotLength,
          bounds: (found.snapshotItem(0) as Element | null)?.getAttribute('bounds') ?? null,
        };
      },
      { xml, xpath },
    );
  }

  it('shows the node’s XPath and UiSelector; the XPath finds that node alone in the device’s page source', async () => {
    const observation = await h.observe();
    const play = nodeById(observation, 'play_pause');
    await select(observation, 'play_pause');
    const xpath = (await h.page.getByTestId('inspector-xpath').textContent())!;
    expect(xpath).toBe(`//${play.class_name}[@resource-id="com.tactile.lab:id/play_pause"]`);
    expect(await h.page.getByTestId('inspector-uiselector').textContent()).toBe(
      'new UiSelector().resourceId("com.tactile.lab:id/play_pause")',
    );
    const [l, t, r, b] = play.bounds_px;
    expect(await evaluateXpath(xpath)).toEqual({ count: 1, bounds: `[${l},${t}][${r},${b}]` });
    await h.page.screenshot({ path: join(ARTIFACTS, 'inspector-locators.png') });
  });

  it('Tap sends control_action click by the selector; the lab’s button changes', async () => {
    const observation = await h.observe();
    const before = nodeById(observation, 'play_pause').content_desc;
    await select(observation, 'play_pause');
    await h.page.getByTestId('node-tap').click();
    const receipt = h.page.locator('[data-testid=receipt-row][data-tool=control_action]').first();
    await receipt.waitFor({ timeout: 30_000 });
    expect(await receipt.getAttribute('data-status')).toBe('completed');
    await expect
      .poll(async () => nodeById(await h.observe(), 'play_pause').content_desc, { timeout: 10_000 })
      .not.toBe(before);
    const last = await h.services.dispatch('receipts.list', { limit: 1 });
    expect(last.ok && (last.result as { receipts: Array<{ args: unknown }> }).receipts[0]!.args).toMatchObject({
      selector: { resource_id: 'com.tactile.lab:id/play_pause' },
      action: 'click',
    });
  });

  it('Type here sets the field’s text by its selector', async () => {
    const observation = await h.observe();
    await select(observation, 'edit_text');
    await h.page.getByTestId('node-type-text').fill('typed by selector');
    await h.page.getByTestId('node-type').click();
    await expect
      .poll(async () => nodeById(await h.observe(), 'edit_text').text, { timeout: 15_000 })
      .toBe('typed by selector');
  });

  it('with "add to document", Wait for appends the wait_until step instead of sending it', async () => {
    const observation = await h.observe();
    await select(observation, 'play_pause');
    const sent = await h.page.locator('[data-testid=receipt-row]').count();
    await h.page.getByTestId('node-act-add').check();
    await h.page.getByTestId('node-wait').click();
    const step = h.page.locator('[data-testid=steps-panel] [data-step-id]').last();
    await expect.poll(() => step.getAttribute('data-tool')).toBe('wait_until');
    expect(await step.textContent()).toContain('play_pause visible');
    expect(await h.page.locator('[data-testid=receipt-row]').count()).toBe(sent);
    await h.page.getByTestId('node-act-add').uncheck();
  });
});
