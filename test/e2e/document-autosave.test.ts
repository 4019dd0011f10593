// The document survives a reload, end to end in Chromium (bridge + virtual device): four steps built from
// manual actions, one selected, are autosaved by main to <data dir>/document.json; after a reload the four
// steps, the selection and the undo history are back (undo and redo move through the same marks). A library
// flow edited since it was saved asks before another flow replaces it. Screenshots go to test-results/e2e/.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SavedDocumentSchema } from '../../shared/document/saved-document';
import { ARTIFACTS, startConsoleHarness, type ConsoleHarness } from './console-harness';

describe('document autosave (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;
  const steps = () => h.page.locator('[data-testid=steps-panel] [data-testid^=step-][data-step-id]');
  const texts = () =>
    h.page
      .locator('[data-testid=steps-panel] [data-step-id]')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  const saved = () =>
    expect
      .poll(() => h.page.getByTestId('document-saved').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('saved');

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  async function open() {
    await h.page.goto(h.bridge.url);
    const row = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.getAttribute('class'), { timeout: 20_000 }).toContain('selected');
  }

  it('builds four steps, reloads the page: the four steps, the selection and undo are there', async () => {
    await open();
    expect(await steps().count()).toBe(0);
    for (const key of ['app_switch', 'back', 'home', 'enter'] as const) {
      const before = await h.page.locator('[data-testid=receipt-row][data-tool=press_key]').count();
      await h.page.getByTestId(`key-${key}`).click();
      await expect
        .poll(() => h.page.locator('[data-testid=receipt-row][data-tool=press_key]').count(), { timeout: 30_000 })
        .toBe(before + 1);
      await h.page.getByTestId('add-to-document').click();
    }
    await expect.poll(() => steps().count()).toBe(4);
    await h.page.getByTestId('step-2').click();
    const built = await texts();
    await saved();
    const file = JSON.parse(readFileSync(join(dirname(h.journalDir), 'document.json'), 'utf8'));
    expect(SavedDocumentSchema.parse(file).steps.map((s) => s.envelope)).toEqual(
      ['app_switch', 'back', 'home', 'enter'].map((key) => ({ tool: 'press_key', args: { key } })),
    );

    await open();
    await expect.poll(() => steps().count(), { timeout: 10_000 }).toBe(4);
    expect(await texts()).toEqual(built);
    expect(await h.page.getByTestId('step-2').getAttribute('class')).toContain('selected');
    expect(await h.page.getByTestId('step-4-codes').textContent()).toBe('OK');
    await h.page.screenshot({ path: join(ARTIFACTS, 'document-restored.png') });
    // Undo crosses the same marks as before the reload: the last add first.
    expect(await h.page.getByTestId('undo').isEnabled()).toBe(true);
    await h.page.getByTestId('undo').click();
    await expect.poll(() => steps().count()).toBe(3);
    expect((await texts()).at(-1)).toContain('key home');
    await h.page.getByTestId('redo').click();
    await expect.poll(() => steps().count()).toBe(4);
    expect((await texts()).at(-1)).toContain('key enter');
    // New steps after the reload get ids of their own.
    const ids = await h.page
      .locator('[data-testid=steps-panel] [data-step-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-step-id')));
    const sent = await h.page.locator('[data-testid=receipt-row][data-tool=press_key]').count();
    await h.page.getByTestId('key-home').click();
    await expect
      .poll(() => h.page.locator('[data-testid=receipt-row][data-tool=press_key]').count(), { timeout: 30_000 })
      .toBe(sent + 1);
    await h.page.getByTestId('add-to-document').click();
    await expect.poll(() => steps().count()).toBe(5);
    const newId = await h.page.getByTestId('step-5').getAttribute('data-step-id');
    expect(ids).not.toContain(newId);
    await h.page.getByTestId('undo').click();
    await expect.poll(() => steps().count()).toBe(4);
  }, 180_000);

  it('a library flow edited since it was saved asks before another flow replaces it', async () => {
    await h.page.getByTestId('tab-library').click();
    await h.page.getByTestId('flow-name').fill('Four keys');
    await h.page.getByTestId('flow-save').click();
    await expect
      .poll(() => h.page.getByTestId('flows-message').textContent(), { timeout: 20_000 })
      .toContain('saved Four keys');
    const id = (await h.page.locator('[data-testid=flow-row]', { hasText: 'Four keys' }).getAttribute('data-flow-id'))!;
    // Unchanged since saved: opening it again asks nothing.
    await h.page.locator(`[data-testid=flow-row][data-flow-id="${id}"] [data-testid=flow-open]`).click();
    await expect.poll(() => h.page.getByTestId('flows-message').textContent()).toContain('opened Four keys');
    expect(await h.page.getByTestId('flow-unsaved').count()).toBe(0);
    // An edit: the flow now has unsaved work, and opening a flow asks first.
    await h.page.getByTestId('tab-document').click();
    await h.page.getByTestId('step-1').click();
    await h.page.getByTestId('step-delete').click();
    await expect.poll(() => steps().count()).toBe(3);
    await h.page.getByTestId('tab-library').click();
    await h.page.locator(`[data-testid=flow-row][data-flow-id="${id}"] [data-testid=flow-open]`).click();
    await h.page.getByTestId('flow-unsaved').waitFor();
    expect(await h.page.getByTestId('flow-unsaved').textContent()).toContain('“Four keys” has changes not saved');
    await h.page.screenshot({ path: join(ARTIFACTS, 'document-unsaved-flow.png') });
    await h.page.getByTestId('flow-unsaved-cancel').click();
    await h.page.getByTestId('tab-document').click();
    expect(await steps().count()).toBe(3);
    await h.page.getByTestId('tab-library').click();
    await h.page.locator(`[data-testid=flow-row][data-flow-id="${id}"] [data-testid=flow-open]`).click();
    await h.page.getByTestId('flow-unsaved-discard').click();
    await h.page.getByTestId('tab-document').click();
    await expect.poll(() => steps().count()).toBe(4);
  }, 120_000);
});
