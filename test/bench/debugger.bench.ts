// Receipt debugger benchmark: records a 171-step mixed run (taps, drags, gestures, text, native writes, waits) on
// the virtual device through the console's own executor and bridge, then compares, side by side with one HTML
// file that inlines every screenshot as base64 PNG (the common report layout): evidence size on disk, report
// file size, time to the first painted step in Chromium, and scrub time per step (p50/p99) cold (the first pass
// over the run: nothing decoded yet) and warm (the second pass), beside the floor page (floor-page.ts: the same
// run's thumbnails on one canvas, the least any page does per step at this load); plus the time each action
// took, the capture overhead being what the evidence store adds to it.
// Goals: evidence ≤ 50 MB, report ≤ 50 MB, first step ≤ 2 s, scrub p99 ≤ 16 ms.
// Chromium runs with its frame-rate limit off so a measured frame is work, not a wait for vsync.
// Run: npm run bench:debugger (`-- --profile` also saves a CPU profile of the warm scrub and prints its top
// functions; `-- --trace` a Chromium trace of the full-screen pass, summed by thread and event)
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Receipt } from '../../shared/receipts';
import { evidenceDirOf } from '../../electron/receipts/evidence-location';
import { ARTIFACTS, centre, nodeById, startConsoleHarness, type ConsoleHarness } from '../e2e/console-harness';
import { profiled, profiling } from './cpu-profile';
import { traced } from './trace-summary';
import { percentile } from './device-rig';
import { mixedRun } from './debugger-steps';
import { inlineReportHtml, type InlineStep } from './inline-report';
import { floorPageHtml } from './floor-page';
import { EvidenceStore } from '../../electron/receipts/evidence-store';

/** The run's length; `-- --steps N` shortens it for a quick look while working (the figures quoted are of 171). */
const STEPS = Number(/--steps[= ](\d+)/.exec(process.argv.join(' '))?.[1] ?? 171);
const GOALS = { evidenceMB: 50, reportMB: 50, firstStepMs: 2000, scrubP99Ms: 16 };
const UNLIMITED_FRAMES = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];

function duBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? duBytes(p) : statSync(p).size;
  }
  return total;
}

async function execute(h: ConsoleHarness, envelope: unknown): Promise<{ receipt: Receipt; ms: number }> {
  const t0 = performance.now();
  const reply = await h.services.dispatch('device.execute', { serial: h.serial, envelope });
  const ms = performance.now() - t0;
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return { receipt: (reply.result as { receipt: Receipt }).receipt, ms };
}

async function screenshot(h: ConsoleHarness): Promise<Buffer> {
  const reply = await h.services.dispatch('device.screenshot', { serial: h.serial });
  if (!reply.ok) throw new Error(`screenshot: ${reply.error.message}`);
  return Buffer.from((reply.result as { png: Uint8Array }).png);
}

/**
 * Scrub timings in the page: each ArrowRight's time until the end of the first frame that shows step `i` with its
 * picture (`ready(i)`, checked in each frame's animation callbacks, which run before that frame's paint; the end
 * is the task after it). So a step costs its input handling, the work React and the canvas do, and the frame that
 * paints them; a step whose picture is still decoding costs the frames until it is there. The page code is a
 * string: the bundler's helpers do not exist in the page.
 */
async function scrubTimes(page: Page, count: number, ready: string): Promise<number[]> {
  return page.evaluate(`(async () => {
    const ready = ${ready};
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const times = [];
    for (let i = 1; i < ${count}; i++) {
      const t0 = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      do await frame(); while (!ready(i));
      await new Promise((r) => setTimeout(r, 0));
      times.push(performance.now() - t0);
    }
    return times;
  })()`) as Promise<number[]>;
}

/**
 * Waits, frame by frame, until `ready(index)` holds in the page. Evaluated through the DevTools protocol, not
 * Playwright's waitForFunction: the console's CSP (script-src 'self') refuses the eval that uses for a string.
 */
async function untilReady(page: Page, ready: string, index: number): Promise<void> {
  const deadline = performance.now() + 60_000;
  const check = `new Promise((r) => requestAnimationFrame(() => r((${ready})(${index}))))`;
  while (!(await page.evaluate(check).catch(() => false))) {
    if (performance.now() > deadline) throw new Error(`step ${index} was not shown within 60 s`);
  }
}

async function firstPaint(page: Page, ready: string, start: () => Promise<unknown>, index = 0): Promise<number> {
  const t0 = performance.now();
  await start();
  await untilReady(page, ready, index);
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
  return performance.now() - t0;
}

/**
 * The run ends with the lab's timeline playing (19 Play taps). A phone encodes its own screen; the virtual device
 * encodes on this machine's two cores (its renderer and ffmpeg take about one core while the picture moves), which
 * is no part of the debugger's cost. So before Chromium opens the debugger, the timeline is paused by a plain
 * `adb shell input tap` (no receipt: the run stays 171 steps). Returns what the scrub ran beside, in words.
 */
async function stillScreen(h: ConsoleHarness): Promise<string> {
  const play = nodeById(await h.observe(), 'play_pause');
  if (play.content_desc !== 'Pause') return 'a still device screen';
  const { x, y } = centre(play.bounds_px);
  await h.adb.adb(['-s', h.serial, 'shell', 'input', 'tap', String(x), String(y)]);
  for (let i = 0; i < 20; i++) {
    if (nodeById(await h.observe(), 'play_pause').content_desc === 'Play')
      return "a still device screen (the lab's timeline paused by adb input, outside the run)";
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the lab's timeline did not pause: the scrub would run beside the virtual device's encoder");
}

/** The same first steps with the evidence store off (TACTILE_EVIDENCE=off), on a fresh console and device. */
async function withoutCapture(steps: number): Promise<number[]> {
  process.env['TACTILE_EVIDENCE'] = 'off';
  const h = await startConsoleHarness({ viewport: { width: 1024, height: 700 } });
  try {
    const run = mixedRun(await h.observe()).slice(0, steps);
    const out: number[] = [];
    for (const envelope of run) out.push((await execute(h, envelope)).receipt.duration_ms);
    return out;
  } finally {
    delete process.env['TACTILE_EVIDENCE'];
    await h.stop();
  }
}

/** Capture overhead per action: the median, over the compared steps, of (with capture − without) duration_ms. */
const OVERHEAD_STEPS = 27;

const MB = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER GOAL');
/** Issue 32: a console click's round trip (the console's device.execute → its receipt, evidence kept) beside its goal. */
const CLICK_GOAL_MS = 120;
function clickLine(clicks: number[]): string {
  const p50 = percentile(clicks, 0.5);
  return (
    `console click → receipt: p50 ${ms(p50)}, p99 ${ms(percentile(clicks, 0.99))} (${clicks.length} clicks)   goal p50 ≤ ${CLICK_GOAL_MS} ms: ${verdict(p50 <= CLICK_GOAL_MS)} ` +
    `(${(p50 / CLICK_GOAL_MS).toFixed(2)}× the goal), load average ${loadavg()[0]!.toFixed(1)}`
  );
}
const pair = (v: number[]) => `${percentile(v, 0.5).toFixed(1)} / ${percentile(v, 0.99).toFixed(1)} ms`;

async function main() {
  let captured: number[] = [];
  const h = await startConsoleHarness({
    viewport: { width: 1024, height: 700 },
    chromiumArgs: UNLIMITED_FRAMES,
    unminified: profiling,
  });
  const out = mkdtempSync(join(tmpdir(), 'tactile-bench-debugger-'));
  try {
    const o = await h.observe();
    const run = mixedRun(o).slice(0, STEPS);
    const inline: InlineStep[] = [];
    const actionMs: number[] = [];
    const byTool = new Map<string, number[]>();
    let before = await screenshot(h);
    const receipts: Receipt[] = [];
    for (const envelope of run) {
      const { receipt, ms: took } = await execute(h, envelope);
      receipts.push(receipt);
      actionMs.push(took);
      byTool.set(receipt.tool, [...(byTool.get(receipt.tool) ?? []), took]);
      const after = await screenshot(h);
      inline.push({
        tool: receipt.tool,
        status: receipt.status,
        code: receipt.code,
        before_png: before,
        after_png: after,
        receipt,
      });
      before = after;
    }
    const statuses = receipts.reduce<Record<string, number>>(
      (m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }),
      {},
    );
    const runId = receipts[0]!.run_id ?? null;

    // The last after-screens settle in the background: give them time before measuring the store.
    await new Promise((r) => setTimeout(r, 3000));
    // Evidence on disk, the Tactile report, and the base64-inline HTML of the same run.
    const evidenceDir = evidenceDirOf(h.journalDir);
    let evidenceBytes = 0;
    try {
      evidenceBytes = duBytes(evidenceDir);
    } catch {
      // No evidence directory: nothing was captured.
    }
    // The floor page: the run's after-screen thumbnails as the store keeps them, one per step.
    const store = new EvidenceStore(evidenceDir);
    const refs = store.refs(runId);
    const floorPath = join(out, 'floor.html');
    writeFileSync(
      floorPath,
      floorPageHtml(
        receipts.map((r) => {
          const sha = refs.get(r.operation_id)?.screen_after?.thumbnail?.sha256;
          return sha ? (store.raw(sha)?.data ?? null) : null;
        }),
      ),
    );
    const report = await h.services.dispatch('report.generate', {
      selection: runId ? { run_id: runId } : { last: STEPS },
      out: join(out, 'tactile-report.html'),
    });
    if (!report.ok) throw new Error(`report: ${report.error.message}`);
    const reportPath = (report.result as { path: string }).path;
    const inlinePath = join(out, 'inline-report.html');
    writeFileSync(inlinePath, inlineReportHtml(inline));

    const beside = await stillScreen(h);
    // Chromium: the debugger (Debugger tab → first step painted; then every step scrubbed).
    await h.page.goto(h.bridge.url);
    await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click();
    // i: a step index, or -1 for the last step (where the debugger opens a run).
    const debuggerReady = `(i) => {
      const tl = document.querySelector('[data-testid=debugger-timeline]');
      const pic = document.querySelector('[data-testid^=debugger-picture-]');
      const at = i < 0 ? String(Number(tl && tl.getAttribute('data-count')) - 1) : String(i);
      return !!tl && tl.getAttribute('data-count') !== '0' && tl.getAttribute('data-index') === at && !!pic && (pic.getAttribute('data-has-screen') !== 'true' || pic.getAttribute('data-painted') === 'true');
    }`;
    // The debugger opens the newest run — this one — at its last step.
    const debuggerFirst = await firstPaint(
      h.page,
      debuggerReady,
      () => h.page.getByTestId('mode-debugger').click(),
      -1,
    );
    if (runId && (await h.page.getByTestId('debugger-runs').inputValue()) !== runId)
      throw new Error(
        `the debugger opened ${await h.page.getByTestId('debugger-runs').inputValue()}, not the newest run ${runId}`,
      );
    const shown = await h.page.getByTestId('debugger-step').count();
    const screensShown = receipts.filter((r) => refs.get(r.operation_id)?.screen_after).length;
    // The step's own picture on the stage: its thumbnail or its full screen (the scrubber never waits for more).
    const previewReady = `(i) => {
      const tl = document.querySelector('[data-testid=debugger-timeline]');
      const pic = document.querySelector('[data-testid^=debugger-picture-]');
      return !!tl && tl.getAttribute('data-index') === String(i) && !!pic && (pic.getAttribute('data-has-screen') !== 'true' || ['thumbnail', 'full'].includes(pic.getAttribute('data-preview')));
    }`;
    const decodes = () =>
      h.page.evaluate('({ ...window.__tactileWork })') as Promise<{ decode: number; thumbnailDecode: number }>;
    await h.page.keyboard.press('Home');
    const d0 = await decodes();
    const cdp = await h.page.context().newCDPSession(h.page);
    await cdp.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const m0 = await metrics();
    const previewScrub = await scrubTimes(h.page, shown, previewReady);
    const d1 = await decodes();
    const m1 = await metrics();
    // Warm: the same pass again, every thumbnail of the run decoded and kept.
    await h.page.keyboard.press('Home');
    const warmScrub = await profiled(h.page, join(ARTIFACTS, 'debugger-bench-scrub.cpuprofile'), () =>
      scrubTimes(h.page, shown, previewReady),
    );
    const d15 = await decodes();
    // Where a scrub step's main-thread time goes (CDP Performance metrics, seconds → ms per step).
    const spent = (name: string) => `${((((m1[name] ?? 0) - (m0[name] ?? 0)) * 1000) / (shown - 1)).toFixed(1)} ms`;
    const perStepTime = `script ${spent('ScriptDuration')}, style ${spent('RecalcStyleDuration')}, layout ${spent('LayoutDuration')}, all tasks ${spent('TaskDuration')}; layouts ${(((m1['LayoutCount'] ?? 0) - (m0['LayoutCount'] ?? 0)) / (shown - 1)).toFixed(2)}`;
    await h.page.keyboard.press('Home');
    const debuggerScrub = await traced(h.browser, h.page, join(ARTIFACTS, 'debugger-bench-scrub.trace.json'), () =>
      scrubTimes(h.page, shown, debuggerReady),
    );
    const d2 = await decodes();
    const perStep = (a: { decode: number; thumbnailDecode: number }, b: typeof a): string =>
      `${((b.decode - a.decode) / (shown - 1)).toFixed(2)} full + ${((b.thumbnailDecode - a.thumbnailDecode) / (shown - 1)).toFixed(2)} thumbnail decodes per step`;

    // The same in the base64-inline file and in Tactile's report, opened from file://.
    const page = await h.browser.newPage({ viewport: { width: 1024, height: 700 } });
    const inlineReady = `(i) => document.body && document.body.dataset.index === String(i) && document.getElementById('after').complete && document.getElementById('before').complete`;
    const inlineFirst = await firstPaint(page, inlineReady, () =>
      page.goto(`file://${inlinePath}`, { waitUntil: 'commit', timeout: 120_000 }),
    );
    const inlineScrub = await scrubTimes(page, inline.length, inlineReady);
    const reportPage = await h.browser.newPage({ viewport: { width: 1024, height: 700 } });
    const reportReady = `(i) => { const d = document.querySelector('[data-testid=report-details]'); const img = document.querySelector('[data-testid=report-screen-after] img'); return !!d && d.textContent !== '' && (!img || img.complete); }`;
    const reportFirst = await firstPaint(reportPage, reportReady, () =>
      reportPage.goto(`file://${reportPath}`, { waitUntil: 'commit' }),
    );
    // The floor page, cold then warm.
    const floor = await h.browser.newPage({ viewport: { width: 1024, height: 700 } });
    const floorReady = `(i) => document.body && document.body.dataset.index === String(i)`;
    await firstPaint(floor, floorReady, () => floor.goto(`file://${floorPath}`, { waitUntil: 'commit' }));
    const floorCold = await scrubTimes(floor, shown, floorReady);
    await floor.keyboard.press('Home');
    await untilReady(floor, floorReady, 0);
    const floorWarm = await scrubTimes(floor, shown, floorReady);

    const reportBytes = statSync(reportPath).size;
    const inlineBytes = statSync(inlinePath).size;
    const capture = receipts.map((r) => r.duration_ms);
    captured = capture;
    const lines = [
      `receipt debugger benchmark (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores) — ${receipts.length} steps (${Object.entries(
        statuses,
      )
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}), run ${runId ?? '(no run id)'}`,
      `screens recorded for ${screensShown} of ${receipts.length} steps (evidence store); Chromium measured beside ${beside}`,
      '',
      `${''.padEnd(34)}${'Tactile (evidence + debugger)'.padEnd(32)}${'base64-inline HTML'.padEnd(22)}goal`,
      `${'evidence on disk'.padEnd(34)}${MB(evidenceBytes).padEnd(32)}${MB(inlineBytes).padEnd(22)}≤ ${GOALS.evidenceMB} MB  ${verdict(evidenceBytes <= GOALS.evidenceMB * 2 ** 20)}`,
      `${'report file'.padEnd(34)}${MB(reportBytes).padEnd(32)}${MB(inlineBytes).padEnd(22)}≤ ${GOALS.reportMB} MB  ${verdict(reportBytes <= GOALS.reportMB * 2 ** 20)}`,
      `${'first painted step (debugger tab)'.padEnd(34)}${ms(debuggerFirst).padEnd(32)}${ms(inlineFirst).padEnd(22)}≤ ${GOALS.firstStepMs} ms  ${verdict(debuggerFirst <= GOALS.firstStepMs)}`,
      `${'first painted step (report file)'.padEnd(34)}${ms(reportFirst).padEnd(32)}${ms(inlineFirst).padEnd(22)}≤ ${GOALS.firstStepMs} ms  ${verdict(reportFirst <= GOALS.firstStepMs)}`,
      '',
      `${'scrub per step (p50 / p99)'.padEnd(34)}${'debugger'.padEnd(22)}${'floor page'.padEnd(22)}${'base64-inline HTML'.padEnd(22)}goal`,
      `${'cold: first pass, picture shown'.padEnd(34)}${pair(previewScrub).padEnd(22)}${pair(floorCold).padEnd(22)}${pair(inlineScrub).padEnd(22)}p99 ≤ ${GOALS.scrubP99Ms} ms  ${verdict(percentile(previewScrub, 0.99) <= GOALS.scrubP99Ms)}`,
      `${'warm: second pass, picture shown'.padEnd(34)}${pair(warmScrub).padEnd(22)}${pair(floorWarm).padEnd(22)}${''.padEnd(22)}p99 ≤ ${GOALS.scrubP99Ms} ms  ${verdict(percentile(warmScrub, 0.99) <= GOALS.scrubP99Ms)}`,
      `${'warm: full screen decoded'.padEnd(34)}${pair(debuggerScrub).padEnd(22)}`,
      `debugger − floor, p99: cold ${ms(percentile(previewScrub, 0.99) - percentile(floorCold, 0.99))}, warm ${ms(percentile(warmScrub, 0.99) - percentile(floorWarm, 0.99))}`,
      `work per scrub step (load-independent): cold pass ${perStep(d0, d1)}; warm pass ${perStep(d1, d15)}; full-screen pass ${perStep(d15, d2)}`,
      `main thread per scrub step (first pass): ${perStepTime}`,
      '',
      `action round trip (execute → receipt): p50 ${ms(percentile(actionMs, 0.5))}, p99 ${ms(percentile(actionMs, 0.99))}; receipt duration_ms p50 ${ms(percentile(capture, 0.5))}`,
      ...[...byTool].map(
        ([tool, v]) => `  ${tool.padEnd(16)} ${String(v.length).padStart(3)} × p50 ${ms(percentile(v, 0.5))}`,
      ),
      clickLine(byTool.get('click') ?? []),
    ];
    console.log(lines.join('\n'));
  } finally {
    rmSync(out, { recursive: true, force: true });
    await h.stop();
  }
  const bare = await withoutCapture(Math.min(OVERHEAD_STEPS, STEPS));
  const diffs = bare.map((b, i) => captured[i]! - b);
  console.log(
    `capture overhead per action (first ${bare.length} steps, duration_ms with the evidence store − without): p50 ${ms(percentile(diffs, 0.5))}, ` +
      `mean ${ms(diffs.reduce((a, b) => a + b, 0) / diffs.length)} (with: p50 ${ms(percentile(captured.slice(0, bare.length), 0.5))}, without: p50 ${ms(percentile(bare, 0.5))})`,
  );
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
