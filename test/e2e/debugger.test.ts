// The receipt debugger end to end: a short mixed flow runs through the console's executor (a tap on the
// Subtitles checkbox — whose tree diff is then seen highlighted —, a drag of the volume seekbar, a refused click, a partial sequence, a native read), the
// owner opens the Debugger tab in Chromium, scrubs through the steps with the keys, reads the steps in words,
// re-runs one on the live device after confirming, opens one in the editor, and imports a file of seed-004
// envelopes with a bad line, and exports the report and opens it from file://. Screenshots in test-results/e2e/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/receipts';
import { ARTIFACTS, centre, nodeById, startConsoleHarness, type ConsoleHarness } from './console-harness';

const SEED004 = readFileSync(
  new URL('../../shared/receipts/foreign/fixtures/seed004-envelopes.jsonl', import.meta.url),
  'utf8',
);

describe('receipt debugger (E2E, Chromium + virtual device)', () => {
  let h: ConsoleHarness;
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  const run = async (envelope: unknown): Promise<Receipt> => {
    const reply = await h.services.dispatch('device.execute', { serial: h.serial, envelope });
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return (reply.result as { receipt: Receipt }).receipt;
  };
  const debuggerView = () => h.page.getByTestId('debugger');
  const current = () => debuggerView().getByTestId('debugger-timeline').getAttribute('data-index');

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startConsoleHarness({ viewport: { width: 1024, height: 700 } });
    await h.page.goto(h.bridge.url);
    await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click();
    const o = await h.observe();
    const checkbox = centre(nodeById(o, 'checkbox').bounds_px);
    const volume = nodeById(o, 'seekbar').bounds_px;
    const steps: Array<[unknown, string]> = [
      [
        {
          tool: 'click',
          args: {
            target: [
              Math.round((checkbox.x * 1000) / o.screen.width),
              Math.round((checkbox.y * 1000) / o.screen.height),
            ],
          },
        },
        'completed',
      ],
      [
        {
          tool: 'drag',
          args: {
            start: [volume[0] + 40, (volume[1] + volume[3]) >> 1],
            end: [volume[2] - 60, (volume[1] + volume[3]) >> 1],
            coordinate_space: 'pixel',
            target_description: 'volume',
            duration_ms: 300,
          },
        },
        'completed',
      ],
      [{ tool: 'click', args: { target: [500, 1001] } }, 'not_started'],
      [
        {
          tool: 'action_sequence',
          args: {
            steps: [
              { action: 'click', target: [500, 60], target_description: 'title', coordinate_space: 'normalized' },
              {
                action: 'click',
                target: 'com.tactile.lab:id/no_such_button',
                target_description: 'missing',
                coordinate_space: 'normalized',
              },
            ],
          },
        },
        'partial',
      ],
      [{ tool: 'read_control', args: { selector: { resource_id: 'com.tactile.lab:id/checkbox' } } }, 'observed'],
    ];
    for (const [envelope, status] of steps) expect((await run(envelope)).status).toBe(status);
  }, 180_000);

  afterAll(async () => {
    await h?.stop();
  });

  afterEach(() => {
    expect(h.contractViolations).toEqual([]);
  });

  it('scrubs through the run: each step in its status colour, in words, with its plan on the stage', async () => {
    await h.page.getByTestId('mode-debugger').click();
    await debuggerView().waitFor();
    const cells = debuggerView().getByTestId('debugger-step');
    await expect.poll(() => cells.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    const statuses = await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses.slice(-5)).toEqual(['completed', 'completed', 'not_started', 'partial', 'observed']);
    await h.page.keyboard.press('Home');
    await expect.poll(current).toBe('0');
    // The details follow a frame after the picture.
    await expect.poll(() => debuggerView().getByTestId('debugger-details').getAttribute('data-tool')).toBe('click');
    // The checkbox tap: its screens before and after from the evidence store, and the tree diff with the toggle
    // listed first and highlighted on the picture while its row is hovered.
    await debuggerView().getByTestId('debugger-screen-split').click();
    await expect
      .poll(() => debuggerView().locator('[data-testid=debugger-picture-after]').getAttribute('data-painted'), {
        timeout: 20_000,
      })
      .toBe('true');
    // The run's first input has no before screen: the store never takes a screenshot ahead of input, and this
    // device has no earlier after frame with the same tree (evidence-capture.ts). Its before tree is still there.
    const before = debuggerView().locator('[data-testid=debugger-picture-before]');
    await expect
      .poll(
        async () =>
          (await before.getAttribute('data-has-screen')) === 'false' ||
          (await before.getAttribute('data-painted')) === 'true',
        { timeout: 20_000 },
      )
      .toBe(true);
    const toggle = debuggerView().locator('[data-testid=debugger-diff-row][data-kind=changed]', {
      hasText: 'checkbox',
    });
    await expect.poll(() => toggle.textContent(), { timeout: 20_000 }).toContain('checked false → true');
    await toggle.hover();
    await shot('debugger-00-checkbox-diff');
    await debuggerView().getByTestId('debugger-screen-after').click();
    await h.page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe('1');
    await expect.poll(() => debuggerView().getByTestId('debugger-details').getAttribute('data-tool')).toBe('drag');
    await expect
      .poll(() => debuggerView().getByTestId('debugger-facts').textContent())
      .toContain('all input was sent and Android finished it');
    await shot('debugger-01-drag');
    await h.page.keyboard.press('ArrowRight');
    await expect
      .poll(() => debuggerView().getByTestId('debugger-facts').textContent())
      .toContain('OFF_SCREEN at /args/target');
    await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => debuggerView().getByTestId('debugger-details').getAttribute('data-status')).toBe('partial');
    await debuggerView().getByTestId('debugger-raw-toggle').click();
    await expect.poll(() => debuggerView().getByTestId('debugger-raw').textContent()).toContain('"members"');
    await shot('debugger-02-partial');
    await h.page.keyboard.press('End');
    await expect.poll(current).toBe(String((await cells.count()) - 1));
    // Filters: only the refused step is left.
    await debuggerView().getByTestId('debugger-filter-status').selectOption('not_started');
    await expect.poll(() => cells.count()).toBe(1);
    await debuggerView().getByTestId('debugger-filter-status').selectOption('');
  }, 120_000);

  it('re-runs one step on the live device after a confirmation', async () => {
    await h.page.keyboard.press('Home');
    const before = await debuggerView().getByTestId('debugger-step').count();
    await debuggerView().getByTestId('debugger-rerun').click();
    await debuggerView().getByTestId('debugger-rerun-dialog').waitFor();
    await shot('debugger-03-rerun-confirm');
    await debuggerView().getByTestId('debugger-rerun-confirm').click();
    await expect
      .poll(() => debuggerView().getByTestId('debugger-rerun-result').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed');
    await expect.poll(() => debuggerView().getByTestId('debugger-step').count(), { timeout: 20_000 }).toBe(before + 1);
  });

  it('imports seed-004 envelopes with a bad line onto the same timeline', async () => {
    const file = `${SEED004}{"action_id":"x","timestamp":"yesterday","action_type":"tap","lifecycle_state":"failed","success":false}\n`;
    await debuggerView()
      .getByTestId('debugger-import-file')
      .setInputFiles({ name: 'agent-run.jsonl', mimeType: 'application/json', buffer: Buffer.from(file) });
    await expect.poll(() => debuggerView().getAttribute('data-source')).toBe('import');
    const cells = debuggerView().getByTestId('debugger-step');
    await expect
      .poll(() => cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
      .toEqual(['completed', 'completed', 'not_started', 'unknown']);
    await expect
      .poll(() => debuggerView().getByTestId('debugger-import-errors').textContent())
      .toContain('record 5 /timestamp');
    await h.page.keyboard.press('ArrowRight');
    await expect
      .poll(() => debuggerView().getByTestId('debugger-facts').textContent())
      .toContain('no (same fingerprint)');
    await shot('debugger-04-imported');
  });

  it('exports the report, which opens from file:// with the same steps', async () => {
    await debuggerView().getByTestId('debugger-source').selectOption('journal');
    await debuggerView().getByTestId('debugger-export-report').click();
    const link = debuggerView().getByTestId('debugger-report-link');
    await link.waitFor({ timeout: 30_000 });
    const path = (await link.getAttribute('data-path'))!;
    expect(await link.getAttribute('href')).toBe(`file://${path}`);
    const report = await h.browser.newPage({ viewport: { width: 1024, height: 700 } });
    try {
      await report.goto(`file://${path}`);
      await report.getByTestId('report-timeline').waitFor();
      await expect.poll(() => report.getByTestId('report-details').textContent(), { timeout: 10_000 }).not.toBe('');
      await report.screenshot({ path: join(ARTIFACTS, 'debugger-06-report.png') });
    } finally {
      await report.close();
    }
  });

  it('opens a step in the editor: the document gets it', async () => {
    await h.page.keyboard.press('Home');
    await debuggerView().getByTestId('debugger-open-in-editor').click();
    await h.page.getByTestId('pane-document').waitFor();
    await expect
      .poll(() => h.page.locator('[data-testid^=step-]').filter({ hasText: 'click' }).count())
      .toBeGreaterThanOrEqual(1);
    await shot('debugger-05-in-editor');
  });
});
