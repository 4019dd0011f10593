// The renderer heap soak: the whole console in Chromium (bridge, embedded virtual device, screenshot-polling
// mirror) for N minutes with the pointer sweeping the overlay, sampling the page's JS heap (CDP
// Runtime.getHeapUsage after a GC) every 10 s. Reports start, end, max and the least-squares slope.
import { devicePointToNormTarget } from '../../shared/geometry';
import { centre, nodeById, startConsoleHarness } from '../e2e/console-harness';

const HEAP_GOAL_MB = 200;
/** A slope below this (MB per minute) over the run is "no growth trend". */
const TREND_LIMIT_MB_PER_MIN = 1;

function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

export async function runSoak(minutes: number): Promise<{ met: boolean }> {
  const h = await startConsoleHarness();
  try {
    await h.page.goto(h.bridge.url);
    await h.page.getByTestId('overlay').waitFor({ timeout: 30_000 });
    // Press Play: the lab's timeline then moves every frame, so the mirror streams continuously.
    const o = await h.observe();
    const play = centre(nodeById(o, 'play_pause').bounds_px);
    const target = devicePointToNormTarget(play, o.screen);
    await h.services.dispatch('device.execute', { serial: h.serial, envelope: { tool: 'click', args: { target } } });
    const cdp = await h.page.context().newCDPSession(h.page);
    const box = (await h.page.getByTestId('overlay').boundingBox())!;
    const samples: Array<[number, number]> = [];
    const t0 = Date.now();
    const end = t0 + minutes * 60_000;
    let i = 0;
    let nextSample = t0;
    while (Date.now() < end) {
      if (Date.now() >= nextSample) {
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = await cdp.send('Runtime.getHeapUsage');
        samples.push([(Date.now() - t0) / 60_000, usedSize / 2 ** 20]);
        nextSample += 10_000;
      }
      i += 1;
      await h.page.mouse.move(box.x + ((i * 13) % box.width), box.y + ((i * 7) % box.height));
      await new Promise((r) => setTimeout(r, 16));
    }
    const mirror = await h.page.getByTestId('mirror-status').textContent();
    const heap = samples.map(([, y]) => y);
    const trend = slope(samples);
    // Judged on the second half: the first samples include the console's warm-up (caches, first observation).
    const settled = samples.slice(Math.floor(samples.length / 2));
    const settledTrend = slope(settled);
    const max = Math.max(...heap);
    const met = max <= HEAP_GOAL_MB && (settled.length < 3 || settledTrend < TREND_LIMIT_MB_PER_MIN);
    console.log(`\nrenderer heap soak — ${minutes} min, ${samples.length} samples, ${i} pointer moves, ${mirror}`);
    console.log(
      `JS heap: start ${heap[0]!.toFixed(1)} MB, end ${heap[heap.length - 1]!.toFixed(1)} MB, max ${max.toFixed(1)} MB, trend ${trend.toFixed(2)} MB/min (whole run), ${settledTrend.toFixed(2)} MB/min (second half)`,
    );
    console.log(
      `goal: ≤ ${HEAP_GOAL_MB} MB and second-half trend < ${TREND_LIMIT_MB_PER_MIN} MB/min: ${met ? 'MET' : 'MISSED'}${minutes < 10 ? ` (a ${minutes}-minute run; the goal is stated for 10)` : ''}`,
    );
    return { met };
  } finally {
    await h.stop();
  }
}
