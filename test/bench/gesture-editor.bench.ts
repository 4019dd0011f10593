// Gesture editor benchmark in Chromium, driving the console's own editor (the full renderer over the bridge
// and the virtual device): a gesture is imported through the editor's JSON field, the Gesture tool's handle
// is pressed on the stage and the pointer moves at 120 Hz. Each pointer move runs, synchronously inside the
// event, the tool's drag → the document's updateStep → prepareCall (validate + plan) → the stage layer's
// repaint; the figure is that event's duration. A 5-finger, 32-keyframe gesture is measured beside a
// 1-finger, 2-keyframe one. Goals for 5 × 32: p99 ≤ 4 ms, and no layout forced inside a move's handler (a
// traced pass after the timed one counts them, names what forced them and says where every layout ran).
// Run: npm run bench:gesture-editor (`-- --profile` also saves a CPU profile of the 5 × 32 drag and prints its top functions)
import { mkdirSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { cpus, loadavg } from 'node:os';
import { ARTIFACTS, stagePointOf, startConsoleHarness } from '../e2e/console-harness';
import { profiled, profiling } from './cpu-profile';
import { percentile } from './device-rig';
import { forcedLayouts, type ForcedLayouts } from './forced-layout';

const MOVES = 600;
const WARMUP = 60;
/** Moves of the traced pass after the timed one (a trace slows every event, so it is not timed). */
const TRACED_MOVES = 120;
const GOAL_P99_MS = 4;

function gesture(fingers: number, frames: number) {
  return {
    tool: 'touch_gesture',
    args: {
      frames: Array.from({ length: frames }, (_, i) => ({
        at_ms: Math.round((i * 9000) / (frames - 1)),
        points: Array.from({ length: fingers }, (_, j) => [150 + 180 * j, 400 + Math.round((i * 1500) / (frames - 1))]),
      })),
      coordinate_space: 'pixel',
      target_description: `${fingers} fingers × ${frames} keyframes (benchmark)`,
    },
  };
}

/**
 * Times every pointermove the page handles, from a window capture listener (before the stage's React handler)
 * to a window bubble listener (after it): the tool, prepareCall and the repaint all run inside that span.
 * Page script text, because tsx would wrap a function passed to evaluate in helpers the page lacks.
 */
const INSTALL_TIMER = `(() => {
  const w = window;
  w.__moveTimes = [];
  let t0 = 0;
  w.addEventListener('pointermove', () => { t0 = performance.now(); }, { capture: true });
  w.addEventListener('pointermove', () => { w.__moveTimes.push(performance.now() - t0); });
})()`;

/**
 * Work counted in the page, independent of the machine's load: prepareCall runs (the renderer's counter),
 * canvas redraws of Konva layers, and Chromium's layouts and style recalculations (CDP Performance metrics).
 */
const COUNT_DRAWS = `(() => {
  const w = window;
  w.__layerDraws = 0;
  const proto = w.Konva.Layer.prototype;
  const drawScene = proto.drawScene;
  proto.drawScene = function (...args) { w.__layerDraws++; return drawScene.apply(this, args); };
})()`;
type Work = Record<'prepareCall' | 'layerDraws' | 'layouts' | 'styleRecalcs', number>;

async function work(page: Page, cdp: CDPSession): Promise<Work> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const page_ = (await page.evaluate(
    '({ prepareCall: window.__tactileWork.prepareCall, layerDraws: window.__layerDraws })',
  )) as Pick<Work, 'prepareCall' | 'layerDraws'>;
  return { ...page_, layouts: metric('LayoutCount'), styleRecalcs: metric('RecalcStyleCount') };
}

const fmt = (v: number) => v.toFixed(3).padStart(7);

mkdirSync(ARTIFACTS, { recursive: true });
const h = await startConsoleHarness({ unminified: profiling });
try {
  const page = h.page;
  await page.goto(h.bridge.url);
  await page.locator(`[data-testid=device-row][data-serial="${h.serial}"].selected`).waitFor({ timeout: 30_000 });
  await page
    .getByTestId('mirror-status')
    .filter({ hasText: /mirror: stream/ })
    .waitFor({ timeout: 30_000 });
  const screen = (await h.observe()).screen;
  await page.getByTestId('tool-gesture').click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.evaluate(COUNT_DRAWS);
  const results: Array<{ name: string; values: number[]; moved: boolean; perMove: Work; forced: ForcedLayouts }> = [];
  for (const [fingers, frames] of [
    [5, 32],
    [1, 2],
  ] as const) {
    const g = gesture(fingers, frames);
    await page.getByTestId('gesture-json').fill(JSON.stringify(g));
    await page.getByTestId('gesture-import').click();
    await page
      .getByTestId('gesture-message')
      .filter({ hasText: `${frames} keyframes` })
      .waitFor();
    await page.getByTestId('gesture-frame-0').click({ position: { x: 6, y: 6 } });
    const [x, y] = g.args.frames[0]!.points[0]!;
    const at = await stagePointOf(page, screen, { x: x!, y: y! });
    const before = await page.getByTestId('gesture-point-0-0').textContent();
    await page.evaluate(INSTALL_TIMER);
    // Real input through Chromium (CDP), so the stage captures the pointer as it does for a person.
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    const drag = async (moves: number) => {
      for (let i = 0; i < moves; i++) {
        const a = (i / 40) * Math.PI * 2;
        const t = Date.now();
        await page.mouse.move(at.x + 6 * Math.cos(a) + 3, at.y + 6 * Math.sin(a));
        // A 120 Hz pointer: the next move ~8.3 ms after this one.
        const wait = 8 - (Date.now() - t);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    };
    const w0 = await work(page, cdp);
    await profiled(page, `${ARTIFACTS}/gesture-bench-${fingers}x${frames}.cpuprofile`, () => drag(MOVES + WARMUP));
    const w1 = await work(page, cdp);
    const forced = await forcedLayouts(
      h.browser,
      page,
      `${ARTIFACTS}/gesture-bench-${fingers}x${frames}.trace.json`,
      () => drag(TRACED_MOVES),
    );
    await page.mouse.up();
    const moves = MOVES + WARMUP;
    const perMove = Object.fromEntries(
      Object.keys(w0).map((k) => [k, (w1[k as keyof Work] - w0[k as keyof Work]) / moves]),
    ) as Work;
    const all = (await page.evaluate('window.__moveTimes')) as number[];
    const values = all.slice(WARMUP, WARMUP + MOVES);
    const after = await page.getByTestId('gesture-point-0-0').textContent();
    results.push({
      name: `${fingers} finger(s) × ${frames} keyframes`,
      values,
      moved: before !== after,
      perMove,
      forced,
    });
    await page.screenshot({ path: `${ARTIFACTS}/gesture-bench-${fingers}x${frames}.png` });
  }
  console.log(
    `gesture editor: validate + plan + repaint per pointer move (${MOVES} moves at 120 Hz, Chromium, stage ${await page.getByTestId('overlay').evaluate((e) => `${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`)} css px, DPR ${await page.evaluate('window.devicePixelRatio')}, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
  for (const r of results) {
    if (!r.moved) throw new Error(`${r.name}: the drag did not move the handle — nothing was measured`);
    console.log(
      `  ${r.name.padEnd(28)} p50 ${fmt(percentile(r.values, 0.5))}  p95 ${fmt(percentile(r.values, 0.95))}  p99 ${fmt(percentile(r.values, 0.99))}  max ${fmt(Math.max(...r.values))} ms`,
    );
  }
  console.log('  work per pointer move (load-independent):');
  for (const r of results) {
    const w = r.perMove;
    console.log(
      `  ${r.name.padEnd(28)} prepareCall ${w.prepareCall.toFixed(2)}  layer redraws ${w.layerDraws.toFixed(2)}  layouts ${w.layouts.toFixed(2)}  style recalcs ${w.styleRecalcs.toFixed(2)}`,
    );
  }
  console.log(`  forced inside the pointermove handlers (traced pass of ${TRACED_MOVES} moves; goal 0 per move):`);
  for (const r of results) {
    const f = r.forced;
    console.log(
      `  ${r.name.padEnd(28)} forced layouts ${(f.layouts / f.moves).toFixed(2)}  forced style recalcs ${(f.styleRecalcs / f.moves).toFixed(2)} per move (${f.moves} moves traced)`,
    );
    for (const [where, n] of [...f.forcers].sort((a, b) => b[1] - a[1]).slice(0, 5))
      console.log(`    ${String(n).padStart(4)}× ${where}`);
    for (const [where, n] of [...f.layoutsBy].sort((a, b) => b[1] - a[1]).slice(0, 6))
      console.log(`    layouts ${(n / f.moves).toFixed(2)} per move in ${where}`);
  }
  const [big, small] = results;
  const ratio = percentile(big!.values, 0.99) / percentile(small!.values, 0.99);
  const p99 = percentile(big!.values, 0.99);
  const forcedPerMove = (big!.forced.layouts + big!.forced.styleRecalcs) / big!.forced.moves;
  console.log(
    `  5×32 ÷ 1×2 at p99: ${ratio.toFixed(2)}×; goal p99 ≤ ${GOAL_P99_MS} ms for 5×32: ${p99 <= GOAL_P99_MS ? 'met' : 'MISSED'} (${p99.toFixed(3)} ms)`,
  );
  console.log(
    `  goal no forced layout per move for 5×32: ${forcedPerMove === 0 ? 'met' : 'MISSED'} (${forcedPerMove.toFixed(2)} forced layouts + style recalcs per move)`,
  );
} finally {
  await h.stop();
}
