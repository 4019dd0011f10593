// `npm run bench:mirror`: the console's stage in Debian's Chromium on a virtual device in its own process
// (`tactile virtual-device`, reached through a private adb server as a phone is), over the product's transport
// (services → loopback bridge → renderer), H.264 stream and screenshot polling side by side in one run. While measuring, the executor drags the lab's timeline back and forth (a touch_gesture
// sampled every 16 ms), so the picture changes ~60 times a second. Every painted frame's timings come from the
// page's frame log; each is split into stages (epoch ms, one host clock):
//   stream:  device socket → main (the device process wrote the packet, from its packet log, → main read it; the
//            two processes read the same system clock), main → renderer (bridge),
//            decode (WebCodecs), paint (drawn on the stage's mirror layer), present (drawn → the next animation
//            frame, by when the compositor showed it), total = device socket → presented.
//   polling: device → main (main's screencap, request in → PNG out), main → renderer (reply over the bridge),
//            decode (createImageBitmap), paint, present, total = request left the renderer → presented.
// The stream runs twice: at the size the stage needs (the console's default) and at full size (1080×2400).
// Each figure is printed beside the goal (stage size, idle machine), and so is the console tab's memory
// while it streams (renderer-memory.ts: the tab's renderer process, peak RSS and PSS sampled every 250 ms).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { nodeById } from '../e2e/console-harness';
import { startMirrorHarness, type StandaloneMirrorHarness } from '../e2e/mirror-harness';
import type { FrameTiming } from '../../renderer/features/mirror/mirror-player';
import { TabMemorySampler } from './renderer-memory';

type MirrorHarness = StandaloneMirrorHarness;

const MEASURE_MS = Number(process.env.MIRROR_BENCH_MS ?? 6000);
const WARMUP_MS = 1000;
const STAGES = ['device socket → main', 'main → renderer', 'decode', 'paint', 'present', 'total'] as const;
/** Issue 32's goals (stage size, idle machine). */
const GOAL = { p50Ms: 8, p99Ms: 16, fps: 58, ratio: 10, tabMb: 400 };
type Stage = (typeof STAGES)[number];

interface Figures {
  fps: number;
  frames: number;
  stages: Record<Stage, number[]>;
  /** Peak memory of the tab's renderer process while measuring (renderer-memory.ts); null when not found. */
  memory: { rssMb: number; pssMb: number; othersRssMb: number[] } | null;
}

/** pts (µs) → epoch ms each video packet left the device process's socket, from its packet log (newest wins). */
function deviceSentAt(log: string): Map<number, number> {
  const sent = new Map<number, number>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (!line) continue;
    const p = JSON.parse(line) as { pts_us: number; sent_at: number; config: boolean };
    if (!p.config) sent.set(p.pts_us, p.sent_at);
  }
  return sent;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : null;
};

async function dragTimeline(h: MirrorHarness, ms: number): Promise<void> {
  const o = await h.observe();
  const [l, t, r, b] = nodeById(o, 'timeline').bounds_px;
  const y = Math.round((t + b) / 2);
  const frames = Array.from({ length: 32 }, (_, i) => ({
    at_ms: Math.round((i * ms) / 31),
    points: [[i % 2 === 0 ? l + 100 : r - 100, y]],
  }));
  const reply = await h.services.dispatch('device.execute', {
    serial: h.serial,
    envelope: {
      tool: 'touch_gesture',
      args: { frames, coordinate_space: 'pixel', target_description: 'bench: drag the timeline' },
    },
  });
  if (!reply.ok) throw new Error(`drag refused: ${reply.error.code} ${reply.error.message}`);
}

const frameLog = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { tactileDiagnostics: { mirrorFrames(): FrameTiming[] } }).tactileDiagnostics.mirrorFrames(),
  );

function split(h: MirrorHarness, sentAt: Map<number, number>, f: FrameTiming): Record<Stage, number> | null {
  if (f.decodedAt === undefined || f.sentAt === undefined || f.presentedAt === undefined) return null;
  const present = f.presentedAt - f.paintedAt;
  if (f.source === 'stream') {
    const device = f.pts !== undefined ? sentAt.get(f.pts) : undefined;
    if (device === undefined) return null;
    return {
      'device socket → main': f.sentAt - device,
      'main → renderer': f.receivedAt - f.sentAt,
      decode: f.decodedAt - f.receivedAt,
      paint: f.paintedAt - f.decodedAt,
      present,
      total: f.presentedAt - device,
    };
  }
  const shot = h.screenshots.find((s) => s.start >= f.sentAt! - 1 && s.end <= f.receivedAt + 1);
  if (!shot) return null;
  return {
    'device socket → main': shot.end - shot.start,
    'main → renderer': f.receivedAt - shot.end,
    decode: f.decodedAt - f.receivedAt,
    paint: f.paintedAt - f.decodedAt,
    present,
    total: f.presentedAt - f.sentAt,
  };
}

async function run(h: MirrorHarness, log: string, stream: boolean, fullSize = false): Promise<Figures> {
  h.setStream(stream);
  const page = await h.browser.newPage({ viewport: { width: 1480, height: 920 } });
  if (fullSize) {
    // The stream settings panel's "Full size", as the console keeps it (renderer/features/mirror/stream-settings.ts).
    const settings = {
      state: { bySerial: { [h.serial]: { maxSize: 0, bitRate: 8_000_000, maxFps: 0, screenOff: false } } },
      version: 0,
    };
    await page.addInitScript(
      (value) => localStorage.setItem('tactile.stream-settings', value),
      JSON.stringify(settings),
    );
  }
  await h.open(page);
  const dragging = dragTimeline(h, WARMUP_MS + MEASURE_MS);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const memory = new TabMemorySampler();
  const sampler = setInterval(() => memory.sample(), 250);
  const from = performance.timeOrigin + performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  const to = performance.timeOrigin + performance.now();
  clearInterval(sampler);
  memory.sample();
  await dragging;
  const frames = (await frameLog(page)).filter(
    (f) => f.paintedAt >= from && f.paintedAt < to && f.source === (stream ? 'stream' : 'screenshots'),
  );
  await page.close();
  const tabMemory = await memory.closedTab();
  const sentAt = deviceSentAt(log);
  const stages = Object.fromEntries(STAGES.map((s) => [s, [] as number[]])) as Record<Stage, number[]>;
  for (const f of frames) {
    const parts = split(h, sentAt, f);
    if (parts) for (const s of STAGES) stages[s].push(parts[s]);
  }
  return { fps: (frames.length * 1000) / (to - from), frames: frames.length, stages, memory: tabMemory };
}

const fmt = (v: number | null) => (v === null ? 'n/a' : v.toFixed(1));
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
/** What `uptime` says of the load: the 1, 5 and 15 minute load averages, with the time of day. */
const uptime = () =>
  `${new Date().toISOString().slice(11, 19)} load average: ${loadavg()
    .map((v) => v.toFixed(2))
    .join(', ')}`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tactile-bench-mirror-'));
  const log = join(dir, 'video-packets.jsonl');
  const loadBefore = uptime();
  const h = await startMirrorHarness({ standalone: { env: { TACTILE_VIRTUAL_DEVICE_PACKET_LOG: log } } });
  try {
    const stream = await run(h, log, true);
    await new Promise((r) => setTimeout(r, 500)); // the stream's session stops before the next starts
    const full = await run(h, log, true, true);
    await new Promise((r) => setTimeout(r, 500));
    const shots = await run(h, log, false);
    const cell = (f: Figures, s: Stage) => `${fmt(pct(f.stages[s], 50))} / ${fmt(pct(f.stages[s], 99))}`;
    const total = stream.stages.total;
    const totalMet = (pct(total, 50) ?? Infinity) <= GOAL.p50Ms && (pct(total, 99) ?? Infinity) <= GOAL.p99Ms;
    const ratio = (f: Figures) => f.fps / Math.max(shots.fps, 0.001);
    const goals: Partial<Record<Stage, string>> = {
      total: `p50 ≤ ${GOAL.p50Ms} / p99 ≤ ${GOAL.p99Ms} added: ${verdict(totalMet)}`,
    };
    const mem = (f: Figures) => (f.memory ? `${fmt(f.memory.rssMb)} / ${fmt(f.memory.pssMb)}` : 'n/a');
    const rows: string[][] = [
      ['ms (p50 / p99)', 'stream, stage size', 'stream, full size', 'screenshot polling', 'goal (stage size, idle)'],
    ];
    for (const s of STAGES) rows.push([s, cell(stream, s), cell(full, s), cell(shots, s), goals[s] ?? '']);
    rows.push([
      'frames presented per second',
      fmt(stream.fps),
      fmt(full.fps),
      fmt(shots.fps),
      `≥ ${GOAL.fps}: ${verdict(stream.fps >= GOAL.fps)}`,
    ]);
    rows.push([
      'frames measured (timed)',
      `${stream.frames} (${stream.stages.total.length})`,
      `${full.frames} (${full.stages.total.length})`,
      `${shots.frames} (${shots.stages.total.length})`,
      '',
    ]);
    rows.push([
      'stream fps ÷ polling fps',
      `${fmt(ratio(stream))}×`,
      `${fmt(ratio(full))}×`,
      '',
      `≥ ${GOAL.ratio}×: ${verdict(ratio(stream) >= GOAL.ratio)}`,
    ]);
    rows.push([
      'console tab memory, peak MB: RSS / PSS',
      mem(stream),
      mem(full),
      mem(shots),
      `≤ ${GOAL.tabMb} MB: ${verdict(stream.memory !== null && stream.memory.rssMb <= GOAL.tabMb)}`,
    ]);
    const others = (f: Figures) => f.memory?.othersRssMb.map((mb) => `${fmt(mb)} MB`).join(', ') || 'none';
    const w = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log(
      `mirror benchmark — the console's stage over the bridge, the virtual device in its own process (Chromium ${h.browser.version()}, ${MEASURE_MS} ms each, timeline dragged by the executor, ${cpus().length} cores)`,
    );
    console.log(`uptime before: ${loadBefore}`);
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(w[i]!)).join('  │  '));
    console.log(
      `idle renderers that closed with each tab's context (peak RSS, not counted): ${others(stream)}; ${others(full)}; ${others(shots)}`,
    );
    console.log(`uptime after:  ${uptime()}`);
  } finally {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
