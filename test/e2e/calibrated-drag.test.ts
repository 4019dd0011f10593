// The calibrated-drag builder end to end in Chromium (bridge + virtual device), driven as an operator would:
// pick the timeline, two observed tick nodes and the readout on the mirror, type a HH:MM:SS target, look at the
// preview, Send through the executor, Correct once if the reading missed, and `dumpsys tactile_lab` shows the
// clock within ± 1 s; then the SeekBar set to an exact value with a thumb drag from its range reading.
// Screenshots of the builder at each stage go to test-results/e2e/calibrated-*.png (a test never writes docs/:
// docs/calibrated-drag.png is copied from there by hand). The stage's labels never overlap.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatValue, positionOf, widestAnchors } from '../../shared/calibration';
import type { Observation } from '../../shared/ipc';
import { ARTIFACTS, centre, nodeById, stagePointOf, startConsoleHarness, type ConsoleHarness } from './console-harness';
import { stageLabelOverlaps } from './layout-checks';

const CLOCK = { kind: 'clock', decimals: 0, unit: null } as const;

interface LabState {
  controls: Record<string, Record<string, unknown>>;
  input_event_count: number;
}

describe('calibrated-drag builder (E2E, Chromium + bridge + virtual device)', () => {
  let h: ConsoleHarness;
  const shot = (name: string) => h.page.screenshot({ path: join(ARTIFACTS, `calibrated-${name}.png`) });
  const lab = async (): Promise<LabState> => {
    const r = await h.adb.adb(['-s', h.serial, 'shell', 'dumpsys', 'tactile_lab']);
    return JSON.parse(r.stdout) as LabState;
  };
  const click = async (obs: Observation, px: { x: number; y: number }) => {
    const at = await stagePointOf(h.page, obs.screen, px);
    await h.page.mouse.click(at.x, at.y);
  };
  const text = (id: string) => h.page.getByTestId(id).textContent();
  /** The pan as built and sent (the document step): its start and end, device px. */
  let sentPan: { start: [number, number]; endX: number } | null = null;

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

  it('selects the device: mirror live, tree observed', async () => {
    const row = h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`);
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.getAttribute('class'), { timeout: 20_000 }).toContain('selected');
    await expect
      .poll(() => h.page.getByTestId('mirror-status').textContent(), { timeout: 20_000 })
      .toMatch(/mirror: stream \d+×\d+ · /);
    await expect.poll(() => h.page.getByTestId('tree-row').count(), { timeout: 20_000 }).toBeGreaterThan(10);
  }, 60_000);

  it('builds a pan on the timeline from two tick nodes to a HH:MM:SS target; sent (and corrected once if needed) the clock is within ± 1 s', async () => {
    expect((await lab()).controls['com.tactile.lab:id/play_pause']!.playing).toBe(false);
    await h.page.getByTestId('tool-calibrated-drag').click();
    await h.page.getByTestId('cal-builder').waitFor();
    const obs = await h.observe();
    const timeline = nodeById(obs, 'timeline');
    const ticks = obs.nodes.filter((n) => n.resource_id === 'com.tactile.lab:id/timeline_tick');
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    const sorted = [...ticks].sort((a, b) => a.bounds_px[0] - b.bounds_px[0]);
    const [first, last] = [sorted[0]!, sorted.at(-1)!];

    // The handle: the timeline's centre (the playhead hairline and tick labels there are not handles).
    await click(obs, centre(timeline.bounds_px));
    await expect.poll(() => text('cal-start')).toBe('#timeline');
    expect(await h.page.getByTestId('cal-mode').inputValue()).toBe('pan');
    expect(await h.page.getByTestId('cal-axis').inputValue()).toBe('x');
    expect(await text('cal-indicator')).toBe('#playhead');
    // Two anchors: tick nodes whose text parses as HH:MM:SS.
    await click(obs, centre(first.bounds_px));
    await click(obs, centre(last.bounds_px));
    await expect.poll(() => h.page.getByTestId('cal-anchor-b-value').inputValue()).toBe(last.text);
    expect(await h.page.getByTestId('cal-anchor-a-value').inputValue()).toBe(first.text);
    // The readout, by native selector; its format is read from its text.
    await click(obs, centre(nodeById(obs, 'current_time').bounds_px));
    await expect.poll(() => text('cal-readout')).toBe('#current_time (clock)');
    await shot('01-anchors');

    // A target between the two ticks, away from the playhead by more than the touch slop.
    const anchors = widestAnchors(
      ticks.map((t) => ({ bounds_px: t.bounds_px, text: t.text })),
      'x',
    )!;
    const playhead = centre(nodeById(obs, 'playhead').bounds_px).x;
    const span = anchors[1].value - anchors[0].value;
    let target = Math.round(anchors[0].value + span * 0.3) + 7;
    if (Math.abs(positionOf(target, anchors) - playhead) < 60) target = Math.round(anchors[0].value + span * 0.8) + 3;
    await h.page.getByTestId('cal-target').fill(formatValue(target, CLOCK));
    await expect.poll(() => h.page.getByTestId('cal-send').isEnabled()).toBe(true);
    expect(await h.page.getByTestId('cal-issues').count()).toBe(0);
    expect(Number(await text('cal-value-per-px'))).toBeGreaterThan(0);
    expect(Number(await text('cal-allowed-px-error'))).toBeGreaterThan(0);
    const json = JSON.parse((await text('cal-json'))!) as {
      tool: string;
      args: { calibration: { mode: string; target_value: number }; feedback: { value_format: string } };
    };
    expect(json).toMatchObject({
      tool: 'drag',
      args: {
        coordinate_space: 'pixel',
        end: null,
        calibration: { mode: 'pan', target_value: target },
        feedback: { value_format: 'clock', selector: { resource_id: 'com.tactile.lab:id/current_time' } },
      },
    });
    // Zoomed around the timeline (Ctrl+wheel) to look at the preview: scale, target, path, figures.
    const zoomAt = await stagePointOf(h.page, obs.screen, centre(timeline.bounds_px));
    await h.page.mouse.move(zoomAt.x, zoomAt.y);
    const zoom = async () => Number((await h.page.getByTestId('zoom-level').textContent())!.replace(/\D/g, ''));
    const unzoomed = await zoom();
    await h.page.keyboard.down('Control');
    await h.page.mouse.wheel(0, -400);
    await h.page.keyboard.up('Control');
    await expect.poll(zoom, { timeout: 10_000 }).toBeGreaterThan(unzoomed);
    // The shot stays in test-results (docs/calibrated-drag.png is a tracked file: tests never write it).
    await shot('02-preview');

    sentPan = {
      start: (json as unknown as { args: { start: [number, number] } }).args.start,
      endX: Number((await text('cal-endpoint'))!.split(',')[0]),
    };
    await h.page.getByTestId('cal-send').click();
    await expect
      .poll(() => h.page.getByTestId('cal-attempt-1').getAttribute('data-within'), { timeout: 30_000 })
      .not.toBe('unknown');
    await shot('03-sent');
    if ((await h.page.getByTestId('cal-attempt-1').getAttribute('data-within')) === 'false') {
      await expect.poll(() => h.page.getByTestId('cal-correct').isEnabled()).toBe(true);
      await h.page.getByTestId('cal-correct').click();
      await expect
        .poll(() => h.page.getByTestId('cal-attempt-2').getAttribute('data-within'), { timeout: 30_000 })
        .not.toBe('unknown');
      await shot('04-corrected');
    }
    // The result, figures, target and anchors on the stage: no two of them (nor the scale's labels) overlap.
    expect(await stageLabelOverlaps(h.page)).toMatchObject({ overlaps: [] });
    expect((await stageLabelOverlaps(h.page)).labels).toBeGreaterThanOrEqual(4);
    const clock = (await lab()).controls['com.tactile.lab:id/timeline']!.center_seconds as number;
    expect(Math.abs(clock - target)).toBeLessThanOrEqual(1);

    // The built drag goes into the document as a seed drag call.
    await h.page.getByTestId('cal-add-to-document').click();
    await expect.poll(() => h.page.getByTestId('step-1').textContent()).toContain('drag');
  }, 120_000);

  it('region tool: a rectangle drawn on the stage is attached to the selected drag step; the path leaving it is OUTSIDE_REGION before dispatch', async () => {
    const before = (await lab()).input_event_count;
    const [sx, sy] = sentPan!.start;
    const ex = sentPan!.endX;
    await h.page.getByTestId('step-1').click();
    await h.page.getByTestId('tool-region').click();
    await expect.poll(() => text('region-step')).toBe('1: drag');
    expect(await text('region-value')).toMatch(/^none/);
    // A rectangle around the start that stops halfway to the end.
    const obs = await h.observe();
    const half = Math.round((ex - sx) / 2);
    const a = await stagePointOf(h.page, obs.screen, { x: ex > sx ? sx - 60 : sx + 60, y: sy - 60 });
    const b = await stagePointOf(h.page, obs.screen, { x: sx + half, y: sy + 60 });
    await h.page.mouse.move(a.x, a.y);
    await h.page.mouse.down();
    await h.page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await h.page.mouse.move(b.x, b.y, { steps: 4 });
    await h.page.mouse.up();
    await expect.poll(() => text('region-value')).toMatch(/^\[\d+, \d+, \d+, \d+\]$/);
    await expect.poll(() => text('region-codes')).toContain('OUTSIDE_REGION');
    expect(await text('step-1-codes')).toContain('OUTSIDE_REGION');
    await shot('04b-region');
    expect((await lab()).input_event_count).toBe(before);
    // One undo step: the region goes, the step is valid again.
    await h.page.getByTestId('undo').click();
    await expect.poll(() => text('region-value')).toMatch(/^none/);
    expect(await text('step-1-codes')).toBe('OK');
    await h.page.getByTestId('tool-calibrated-drag').click();
  }, 60_000);

  it('shows the issues in place: a target far outside the visible scale is OFF_SCREEN, nothing sent', async () => {
    const before = (await lab()).input_event_count;
    await h.page.getByTestId('cal-target').fill('23:59:00');
    await expect.poll(() => h.page.getByTestId('cal-issue').first().getAttribute('data-code')).toBe('OFF_SCREEN');
    expect(await h.page.getByTestId('cal-send').isDisabled()).toBe(true);
    await shot('05-off-screen');
    expect((await lab()).input_event_count).toBe(before);
  }, 60_000);

  it('sets the SeekBar to an exact value with a thumb drag from its range reading', async () => {
    await h.page.getByTestId('cal-clear').click();
    await h.page.getByTestId('zoom-fit').click();
    const obs = await h.observe();
    const bar = nodeById(obs, 'seekbar');
    const current = (await lab()).controls['com.tactile.lab:id/seekbar']!.progress as number;
    const target = current === 73 ? 37 : 73;
    await click(obs, centre(bar.bounds_px));
    await expect.poll(() => text('cal-start')).toBe('#seekbar');
    expect(await h.page.getByTestId('cal-mode').inputValue()).toBe('thumb');
    expect(await text('cal-readout')).toBe('#seekbar (range)');
    await h.page.getByTestId('cal-read-range').click();
    await expect.poll(() => h.page.getByTestId('cal-anchor-b-value').inputValue(), { timeout: 15_000 }).toBe('100');
    expect(await h.page.getByTestId('cal-anchor-a-value').inputValue()).toBe('0');
    expect(await text('cal-start')).toBe(`thumb at ${current}`);
    await h.page.getByTestId('cal-target').fill(String(target));
    await expect.poll(() => h.page.getByTestId('cal-send').isEnabled()).toBe(true);
    await shot('06-seekbar-preview');
    await h.page.getByTestId('cal-send').click();
    await expect
      .poll(() => h.page.getByTestId('cal-attempt-1').getAttribute('data-within'), { timeout: 30_000 })
      .not.toBe('unknown');
    if ((await h.page.getByTestId('cal-attempt-1').getAttribute('data-within')) === 'false') {
      await h.page.getByTestId('cal-correct').click();
      await expect
        .poll(() => h.page.getByTestId('cal-attempt-2').getAttribute('data-within'), { timeout: 30_000 })
        .toBe('true');
    }
    await shot('07-seekbar-sent');
    expect((await lab()).controls['com.tactile.lab:id/seekbar']!.progress).toBe(target);
  }, 120_000);
});
