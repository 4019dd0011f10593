// `npm run bench:mirror`: the mirror in Debian's Chromium against the virtual device, H.264 stream vs
// screenshot polling, side by side. While measuring, a finger drags the lab's timeline back and forth at
// 60 Hz (every event changes the picture), so the content offers 60 changes a second.
// Latency = epoch ms the packet left the device's video socket (or the screenshot request left) → drawn
// into the page's canvas (the compositor's next vsync comes on top).
import { cpus, loadavg } from 'node:os';
import { startMirrorHarness, type MirrorHarness } from '../e2e/mirror-harness';

const MEASURE_MS = Number(process.env.MIRROR_BENCH_MS ?? 6000);
const WARMUP_MS = 1000;
/** scrcpy max_size for the stream (0 = full 1080×2400). */
const MAX_SIZE = Number(process.env.MIRROR_MAX_SIZE ?? 0);

interface Paint { at: number; latency: number | null }
interface Figures { firstFrameMs: number; fps: number; p50: number | null; p99: number | null; frames: number }

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null);

async function drag(h: MirrorHarness, untilMs: number): Promise<void> {
  const tl = h.device.android.lab.snapshot().nodes.find((n) => n.resource_id.endsWith(':id/timeline'))!.visible_bounds;
  const y = Math.round((tl.top + tl.bottom) / 2);
  const input = h.device.android.input;
  const clock = () => h.device.android.clock();
  let x = tl.left + 100;
  let dir = 1;
  input.injectMotion({ action: 'down', pointers: [{ id: 0, x, y }], t_ms: clock() });
  const start = performance.now();
  let next = start;
  while (performance.now() < untilMs) {
    next += 1000 / 60;
    x += dir * 6;
    if (x > tl.right - 100 || x < tl.left + 100) dir = -dir;
    input.injectMotion({ action: 'move', pointers: [{ id: 0, x, y }], t_ms: clock() });
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  input.injectMotion({ action: 'up', pointers: [{ id: 0, x, y }], t_ms: clock() });
}

async function run(h: MirrorHarness, mode: 'stream' | 'screenshots'): Promise<Figures> {
  const page = await h.browser.newPage({ viewport: { width: 540, height: 1000 } });
  const navStart = performance.timeOrigin + performance.now();
  await page.goto(`${h.url}?mode=${mode}`);
  await page.waitForFunction(() => (window as unknown as { mirror?: { paints(): unknown[] } }).mirror?.paints().length, undefined, { timeout: 20_000 });
  const paints = () => page.evaluate(() => (window as unknown as { mirror: { paints(): Paint[] } }).mirror.paints());
  const firstFrameMs = (await paints())[0]!.at - navStart;
  const t0 = performance.now();
  const dragging = drag(h, t0 + WARMUP_MS + MEASURE_MS);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const from = performance.timeOrigin + performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  const to = performance.timeOrigin + performance.now();
  await dragging;
  const window_ = (await paints()).filter((p) => p.at >= from && p.at < to);
  await page.close();
  const lat = window_.map((p) => p.latency).filter((l): l is number => l !== null).sort((a, b) => a - b);
  return { firstFrameMs, fps: (window_.length * 1000) / (to - from), p50: pct(lat, 50), p99: pct(lat, 99), frames: window_.length };
}

const f = (v: number | null, d = 1) => (v === null ? 'n/a' : v.toFixed(d));

async function main() {
  const h = await startMirrorHarness({ maxSize: MAX_SIZE });
  try {
    const stream = await run(h, 'stream');
    // Let the previous session's server stop before polling starts.
    await new Promise((r) => setTimeout(r, 500));
    const shots = await run(h, 'screenshots');
    const rows: Array<[string, string, string, string]> = [
      ['', 'H.264 stream', 'screenshot polling', 'goal (stream)'],
      ['latency p50 (ms)', f(stream.p50), f(shots.p50), '≤ 8'],
      ['latency p99 (ms)', f(stream.p99), f(shots.p99), '≤ 16'],
      [`sustained fps @${MAX_SIZE ? `max_size ${MAX_SIZE}` : '1080×2400'}`, f(stream.fps), f(shots.fps), '≥ 58'],
      ['time to first frame (ms)', f(stream.firstFrameMs, 0), f(shots.firstFrameMs, 0), '≤ 1000'],
      ['frames measured', String(stream.frames), String(shots.frames), ''],
      ['stream fps ÷ polling fps', f(stream.fps / Math.max(shots.fps, 0.001)), '', '≥ 10'],
    ];
    const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log(`mirror benchmark (Chromium ${h.browser.version()}, ${MEASURE_MS} ms each, timeline dragged at 60 Hz, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(w[i]!)).join('  │  '));
  } finally {
    await h.stop();
  }
}

await main();
