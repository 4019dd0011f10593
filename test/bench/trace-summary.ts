// A Chromium trace of a benchmark's measured span (`--trace`), summed by event name on the page's main thread:
// where the time that is not script goes (paint, raster, image decode, commit). The trace is saved for DevTools.
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

export const tracing = process.argv.includes('--trace');

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

/** Runs `body` under Chromium tracing (when `--trace` was passed) and prints the main thread's top events by self time. */
export async function traced<T>(browser: Browser, page: Page, file: string, body: () => Promise<T>): Promise<T> {
  if (!tracing) return body();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'gpu', 'skia'],
  });
  const out = await body();
  const buffer = await browser.stopTracing();
  writeFileSync(file, buffer);
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const threads = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const byThread = new Map<string, Map<string, number>>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const thread = threads.get(`${e.pid}:${e.tid}`) ?? `${e.tid}`;
    if (!/CrRendererMain|Compositor|Raster|Viz|CrGpuMain/.test(thread)) continue;
    const m = byThread.get(thread) ?? new Map<string, number>();
    m.set(e.name, (m.get(e.name) ?? 0) + e.dur);
    byThread.set(thread, m);
  }
  console.log(`trace ${file}: total duration of complete events by thread and name (nested events overlap)`);
  for (const [thread, m] of byThread) {
    console.log(`  ${thread}`);
    for (const [name, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 14))
      console.log(`    ${(us / 1000).toFixed(1).padStart(9)} ms  ${name}`);
  }
  return out;
}
