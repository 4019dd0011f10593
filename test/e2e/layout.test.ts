// The console's layout end to end in Chromium (bridge + virtual device), at 1024×700, 1480×920 and 1920×1080
// with each tool open: the device view's size and position (≥ 340 px wide at 1480×920 for the 1080×2400 phone,
// moved ≤ 2 px by any tool, window list or message; ≥ 280 px wide at 1024×700 with both columns collapsed),
// every visible control inside the window, not clipped by its container, and not overlapping another; the
// empty approvals one line high; more than 1.3 device cards in the devices pane; no two labels on the stage
// overlap (the PARTLY_OCCLUDED verdict, gesture holds and issue codes, pinch handles close together). The figures go to
// test-results/layout/figures.json and figures.md (the docs quote them), screenshots to test-results/layout/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_IDS, type ToolId } from '../../renderer/tools/registry';
import { ARTIFACTS, startConsoleHarness, type ConsoleHarness } from './console-harness';
import type { Observation } from '../../shared/ipc';
import { centre, nodeById } from './console-harness';
import { controlProblems, pictureBox, stageLabelOverlaps, type Box } from './layout-checks';

const OUT = join(ARTIFACTS, '..', 'layout');
const SIZES = [
  [1024, 700],
  [1480, 920],
  [1920, 1080],
] as const;

interface Figure {
  window: string;
  columns: 'open' | 'collapsed';
  tool: ToolId;
  picture: Box;
}

describe('console layout (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;
  const figures: Figure[] = [];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    h = await startConsoleHarness();
  }, 120_000);

  afterAll(async () => {
    if (figures.length > 0) writeFigures(figures);
    await h?.stop();
  });

  async function open(width: number, height: number): Promise<Page> {
    const page = await h.browser.newPage({ viewport: { width, height } });
    await page.goto(h.bridge.url);
    const row = page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.getAttribute('class'), { timeout: 20_000 }).toContain('selected');
    // The first frame painted (the canvas takes the stream's size).
    await expect
      .poll(() => page.getByTestId('mirror-status').textContent(), { timeout: 20_000 })
      .toMatch(/mirror: stream \d+×\d+ · /);
    await expect.poll(() => page.getByTestId('tree-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    return page;
  }

  async function useTool(page: Page, tool: ToolId): Promise<void> {
    await page.getByTestId(`tool-${tool}`).click();
    await expect.poll(() => page.getByTestId(`tool-${tool}`).getAttribute('aria-pressed')).toBe('true');
    // A tool with a panel shows it in the dock (the gesture and pinch editors start one call to edit).
    if (tool === 'gesture') await page.getByTestId('gesture-new').click();
    if (tool === 'pinch') await page.getByTestId('pinch-new').click();
    if (['calibrated-drag', 'region', 'gesture', 'pinch'].includes(tool)) await page.getByTestId('tool-dock').waitFor();
  }

  for (const [width, height] of SIZES) {
    it(`at ${width}×${height}, every tool: the picture stays put and no control is clipped or overlaps another`, async () => {
      const page = await open(width, height);
      try {
        await page.screenshot({ path: join(OUT, `${width}x${height}-start.png`) });
        // The approvals with nothing waiting: one line.
        expect((await page.getByTestId('approvals').boundingBox())!.height).toBeLessThanOrEqual(34);
        const devices = (await page.locator('.device-list').boundingBox())!;
        const card = (await page.getByTestId('device-row').first().boundingBox())!;
        expect(devices.height / card.height, 'device cards the devices pane shows').toBeGreaterThan(1.3);
        let base: Box | null = null;
        const problems: string[] = [];
        for (const tool of TOOL_IDS) {
          await useTool(page, tool);
          await page.screenshot({ path: join(OUT, `${width}x${height}-${tool}.png`) });
          const picture = await pictureBox(page);
          figures.push({ window: `${width}×${height}`, columns: 'open', tool, picture });
          base ??= picture;
          if (
            Math.abs(picture.x - base.x) > 2 ||
            Math.abs(picture.y - base.y) > 2 ||
            Math.abs(picture.width - base.width) > 2
          )
            problems.push(`${tool}: the picture moved to ${JSON.stringify(picture)} from ${JSON.stringify(base)}`);
          if (width === 1480 && picture.width < 340)
            problems.push(`${tool}: the device view is ${picture.width} px wide`);
          problems.push(...(await controlProblems(page)).map((p) => `${tool}: ${p}`));
        }
        expect(problems).toEqual([]);
        // A long message and a longer window list do not move the picture either.
        await page.getByTestId('control-status').evaluate((el) => {
          el.textContent = `drag refused before sending — OFF_SCREEN at /args/end: ${'x'.repeat(600)}`;
        });
        await page.locator('.rail-windows').evaluate((list) => {
          const row = list.querySelector('[data-testid=window-layer]')!;
          for (let i = 0; i < 6; i++) list.appendChild(row.cloneNode(true));
        });
        const after = await pictureBox(page);
        expect(Math.abs(after.x - base!.x) + Math.abs(after.y - base!.y)).toBeLessThanOrEqual(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      } finally {
        await page.close();
      }
    }, 180_000);
  }

  it('at 1024×700 with both columns collapsed the picture is at least 280 px wide, with every tool', async () => {
    const page = await open(1024, 700);
    try {
      await page.getByTestId('toggle-left-panel').click();
      await page.getByTestId('toggle-right-panel').click();
      await expect.poll(async () => (await page.getByTestId('receipts').boundingBox())?.width ?? 0).toBeLessThan(1);
      let base: Box | null = null;
      const problems: string[] = [];
      for (const tool of TOOL_IDS) {
        await useTool(page, tool);
        await page.screenshot({ path: join(OUT, `1024x700-collapsed-${tool}.png`) });
        const picture = await pictureBox(page);
        figures.push({ window: '1024×700', columns: 'collapsed', tool, picture });
        base ??= picture;
        if (picture.width < 280) problems.push(`${tool}: the device view is ${picture.width} px wide`);
        if (Math.abs(picture.x - base.x) + Math.abs(picture.y - base.y) > 2)
          problems.push(`${tool}: the picture moved to ${JSON.stringify(picture)} from ${JSON.stringify(base)}`);
        problems.push(...(await controlProblems(page)).map((p) => `${tool}: ${p}`));
      }
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('no two labels on the stage overlap: an occlusion verdict, clustered gesture holds, a small pinch', async () => {
    const page = await open(1480, 920);
    try {
      const o = (await h.observe()) as Observation;
      await page.getByLabel('Search nodes').fill('partly_covered_button');
      await page.locator('[data-testid=tree-row]', { hasText: '#partly_covered_button' }).click();
      await expect
        .poll(() => page.getByTestId('occlusion-verdict').getAttribute('data-verdict'), { timeout: 15_000 })
        .toBe('PARTLY_OCCLUDED');
      await page.getByLabel('Search nodes').fill('');
      // Three fingers held a few pixels apart right on the verdict's node, one of them off the screen.
      const c = centre(nodeById(o, 'partly_covered_button').bounds_px);
      const points = [
        [c.x, c.y],
        [c.x + 30, c.y + 10],
        [c.x - 25, c.y + 20],
      ];
      await page.getByTestId('tool-gesture').click();
      await page.getByTestId('gesture-json').fill(
        JSON.stringify({
          tool: 'touch_gesture',
          args: {
            frames: [
              { at_ms: 0, points },
              { at_ms: 400, points },
              {
                at_ms: 800,
                points: [
                  [c.x, c.y],
                  [c.x + 30, c.y + 10],
                  [c.x - 25, o.screen.height + 40],
                ],
              },
            ],
            coordinate_space: 'pixel',
            target_description: 'labels',
          },
        }),
      );
      await page.getByTestId('gesture-import').click();
      await expect
        .poll(async () => (await stageLabelOverlaps(page)).labels, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(5);
      await page.screenshot({ path: join(OUT, 'labels-gesture.png') });
      expect((await stageLabelOverlaps(page)).overlaps).toEqual([]);
      // A pinch with its handles close together over the same node.
      await page.getByTestId('tool-pinch').click();
      await page.getByTestId('pinch-new').click();
      await page.getByTestId('pinch-start-span').fill('30');
      await page.getByTestId('pinch-start-span').press('Enter');
      await page.getByTestId('pinch-end-span').fill('60');
      await page.getByTestId('pinch-end-span').press('Enter');
      await expect
        .poll(async () => (await stageLabelOverlaps(page)).labels, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(6);
      await page.screenshot({ path: join(OUT, 'labels-pinch.png') });
      expect((await stageLabelOverlaps(page)).overlaps).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

function writeFigures(figures: readonly Figure[]): void {
  writeFileSync(join(OUT, 'figures.json'), JSON.stringify(figures, null, 2) + '\n');
  const rows = new Map<string, Figure[]>();
  for (const f of figures) rows.set(`${f.window} ${f.columns}`, [...(rows.get(`${f.window} ${f.columns}`) ?? []), f]);
  const lines = ['| window | side columns | device view (px) | at (x, y) | tools |', '|---|---|---|---|---|'];
  for (const [, fs] of rows) {
    const p = fs[0]!.picture;
    const spread = Math.max(...fs.map((f) => Math.abs(f.picture.x - p.x) + Math.abs(f.picture.y - p.y)));
    lines.push(
      `| ${fs[0]!.window} | ${fs[0]!.columns} | ${Math.round(p.width)}×${Math.round(p.height)} | ${Math.round(p.x)}, ${Math.round(p.y)} | all ${fs.length}: moved ≤ ${spread.toFixed(1)} px |`,
    );
  }
  writeFileSync(join(OUT, 'figures.md'), lines.join('\n') + '\n');
}
