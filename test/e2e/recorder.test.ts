// Recording and replay end to end in Chromium (bridge + virtual devices): record on the lab — tap Play, set
// the SeekBar with a drag, type and submit text, toggle the checkbox — add a check on the submitted text, and
// look at the document the recording made. Screenshots go to test-results/e2e/recorder-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';

const shot = (h: ConsoleHarness, name: string) => h.page.screenshot({ path: join(ARTIFACTS, `recorder-${name}.png`) });

describe('recording and replay (E2E, Chromium + bridge + virtual devices)', () => {
  let h: ConsoleHarness;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness({ viewport: { width: 1024, height: 700 } });
  }, 180_000);

  /** (Re)loads the console and waits for the device, its mirror and its node tree. */
  async function open(serial = h.serial) {
    await h.page.goto(h.bridge.url);
    const row = h.page.locator(`[data-testid=device-row][data-serial="${serial}"]`);
    await row.waitFor({ timeout: 20_000 });
    if (!(await row.getAttribute('class'))?.includes('selected')) await row.click();
    await expect.poll(() => row.getAttribute('class'), { timeout: 20_000 }).toContain('selected');
    await expect.poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 20_000 }).toMatch(/mirror: stream \d+×\d+ · /);
    await expect.poll(() => h.page.getByTestId('tree-row').count(), { timeout: 20_000 }).toBeGreaterThan(10);
  }

  afterAll(async () => {
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  const steps = () => h.page.locator('[data-testid=steps-panel] [data-step-id]');
  const receipts = (tool: string) => h.page.locator(`[data-testid=receipt-row][data-tool=${tool}]`);

  async function tapNode(id: string) {
    const observation = await h.observe();
    const at = await stagePointOf(h.page, observation.screen, centre(nodeById(observation, id).bounds_px));
    const before = await receipts('action_sequence').count();
    await h.page.mouse.click(at.x, at.y);
    await expect.poll(() => receipts('action_sequence').count(), { timeout: 30_000 }).toBe(before + 1);
  }

  it('records tap Play, a SeekBar drag, typed and submitted text and the checkbox as semantic steps and waits', async () => {
    await open();
    await h.page.getByTestId('tool-control').click();
    await h.page.locator('body').click({ position: { x: 2, y: 2 } });
    await h.page.keyboard.press('r');
    await expect.poll(() => h.page.getByTestId('record').getAttribute('aria-pressed')).toBe('true');

    await tapNode('play_pause');
    await expect.poll(async () => nodeById(await h.observe(), 'play_pause').content_desc, { timeout: 10_000 }).toBe('Pause');

    const before = await h.observe();
    const bar = nodeById(before, 'seekbar');
    const value = Number(nodeById(before, 'seekbar_value').text);
    const [l, t, r, b] = bar.bounds_px;
    const y = Math.floor((t + b) / 2);
    const from = await stagePointOf(h.page, before.screen, { x: Math.round(l + ((r - l) * value) / 100), y });
    const to = await stagePointOf(h.page, before.screen, { x: Math.round(l + (r - l) * 0.8), y });
    await h.page.mouse.move(from.x, from.y);
    await h.page.mouse.down();
    await h.page.mouse.move(to.x, to.y, { steps: 12 });
    await h.page.mouse.up();
    await expect.poll(() => receipts('drag').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => Number(nodeById(await h.observe(), 'seekbar_value').text), { timeout: 10_000 }).toBeGreaterThan(value + 20);

    await tapNode('edit_text');
    await expect.poll(async () => nodeById(await h.observe(), 'edit_text').flags.focused, { timeout: 10_000 }).toBe(true);
    await h.page.getByLabel('Text to type').fill('hello');
    await h.page.getByRole('button', { name: 'Type' }).click();
    await expect.poll(() => receipts('input_text').count(), { timeout: 30_000 }).toBe(1);
    await h.page.getByTestId('key-enter').click();
    await expect.poll(() => receipts('press_key').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => nodeById(await h.observe(), 'submitted_text').text, { timeout: 10_000 }).toBe('Submitted: hello');

    await tapNode('checkbox');
    await expect.poll(async () => nodeById(await h.observe(), 'checkbox').flags.checked, { timeout: 10_000 }).toBe(true);
    await h.page.locator('body').click({ position: { x: 2, y: 2 } });
    await h.page.keyboard.press('r');
    await expect.poll(() => h.page.getByTestId('record').getAttribute('aria-pressed')).toBe('false');

    const tools = await steps().evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')));
    const texts = await steps().allTextContents();
    console.log(texts.join('\n'));
    // Each action, with a wait on a condition before every one after the first.
    expect(tools).toEqual(['action_sequence', 'wait_until', 'drag', 'wait_until', 'action_sequence', expect.stringMatching(/^wait_/), 'input_text', 'wait_until', 'press_key', 'wait_until', 'action_sequence']);
    expect(await steps().evaluateAll((els) => els.every((e) => e.getAttribute('data-valid') === 'true'))).toBe(true);
    await shot(h, '01-recorded');
  }, 180_000);

  it('adds a check on the submitted text from the inspector', async () => {
    await h.page.getByTestId('tool-inspect').click();
    const observation = await h.observe();
    const at = await stagePointOf(h.page, observation.screen, centre(nodeById(observation, 'submitted_text').bounds_px));
    await h.page.mouse.click(at.x, at.y);
    await expect.poll(() => h.page.getByTestId('attr-text').textContent()).toContain('Submitted: hello');
    const count = await steps().count();
    await h.page.getByTestId('add-check-text').click();
    await expect.poll(() => steps().count()).toBe(count + 1);
    expect(await h.page.getByTestId(`step-${count + 1}`).getAttribute('data-tool')).toBe('wait_until');
    await shot(h, '02-check-added');
  }, 60_000);
});
