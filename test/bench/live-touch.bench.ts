// `npm run bench:live-touch`: live touch through the product's own components — the built renderer's Control
// tool in Debian's Chromium, the loopback bridge, main's live contact, the embedded virtual device — from the
// pointer event in the page to the MotionEvent the device dispatches, for the down, each move and the up of
// single-finger contacts (one drag every ~16 ms per move, like a mouse), over both live backends side by side:
// the mirror's scrcpy control socket (stream on) and the helper's `touch` stream (stream off: screenshot
// polling, no control socket). Each event is split into stages on one host clock (epoch ms):
//   page → main            the pointer event's timestamp (performance.timeOrigin + event.timeStamp) → main's dispatch got it
//   main → device socket   → the virtual device read the message off its socket (scrcpy control / helper socket)
//   device dispatch        → its input dispatcher dispatched the MotionEvent
//   Tactile adds           page event → dispatched (the sum)
// Beside them, today's replay path (the gesture sent through the executor once released, as before live
// touch): its first event comes after the whole gesture plus the executor's own delay. Prints the machine load.
import { cpus, loadavg } from 'node:os';
import type { Dispatch } from '../../shared/ipc';
import { onVirtualHelperRequest } from '../../virtual-device/helper/app-process';
import { onVirtualScrcpyControlMessage } from '../../virtual-device/scrcpy/app-process';
import { CONTROL_TYPE } from '../../virtual-device/scrcpy/control-message';
import { dragEnvelope } from '../../renderer/features/manual-control/envelopes';
import { devicePoint } from '../../shared/geometry';
import { nodeById, stagePointOf } from '../e2e/console-harness';
import { startMirrorHarness, type MirrorHarness } from '../e2e/mirror-harness';

const CONTACTS = Number(process.env.LIVE_TOUCH_BENCH_CONTACTS ?? 12);
const MOVES = Number(process.env.LIVE_TOUCH_BENCH_MOVES ?? 30);
const MOVE_EVERY_MS = 16;
const STAGES = ['page → main', 'main → device socket', 'device dispatch', 'Tactile adds'] as const;
const PHASES = ['down', 'move', 'up'] as const;
type Stage = (typeof STAGES)[number];
type Phase = (typeof PHASES)[number];
type Figures = Record<Phase, Record<Stage, number[]>>;

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : null;
};
const fmt = (v: number | null) => (v === null ? 'n/a' : v.toFixed(1));

interface Arrival {
  contact: string;
  phase: string;
  page: number;
  main: number;
}

/** A harness whose dispatch notes when each device.touch reached main, with the page's timestamp. */
async function harness(stream: boolean, arrivals: Arrival[]): Promise<MirrorHarness> {
  const wrapDispatch =
    (dispatch: Dispatch): Dispatch =>
    (channel, payload) => {
      if (channel === 'device.touch') {
        const p = payload as { contact: string; phase: string; page_time_ms: number };
        arrivals.push({ contact: p.contact, phase: p.phase, page: p.page_time_ms, main: epochNow() });
      }
      return dispatch(channel, payload);
    };
  const h = await startMirrorHarness({ stream, wrapDispatch });
  await h.page.goto(h.bridge.url);
  await h.page.locator(`[data-testid=device-row][data-serial="${h.serial}"]`).click({ timeout: 30_000 });
  await h.page.getByTestId('tree-row').nth(5).waitFor({ timeout: 30_000 });
  if (stream)
    await h.page
      .getByTestId('mirror-status')
      .filter({ hasText: /mirror: stream/ })
      .waitFor({ timeout: 30_000 });
  await h.page.getByTestId('tool-control').click();
  return h;
}

/** One drag across the app bar (it reacts to nothing): down, MOVES moves of 6 device px every 16 ms, up. */
async function drag(h: MirrorHarness, y: number, fromX: number): Promise<{ pressToRelease: number }> {
  const screen = (await h.observe()).screen;
  const at = async (x: number) => stagePointOf(h.page, screen, { x, y });
  const start = await at(fromX);
  await h.page.mouse.move(start.x, start.y);
  const t0 = epochNow();
  await h.page.mouse.down();
  for (let i = 1; i <= MOVES; i++) {
    const p = await at(fromX + 6 * i);
    await h.page.mouse.move(p.x, p.y);
    await sleep(MOVE_EVERY_MS);
  }
  await h.page.mouse.up();
  const pressToRelease = epochNow() - t0;
  await waitFor(() => h.vd.android.input.pointersDown === 0, 10_000);
  return { pressToRelease };
}

async function waitFor(ok: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

async function measure(stream: boolean): Promise<{
  figures: Figures;
  replay: { first: number[]; executor: number[]; backend: string } | null;
  skipped: number;
}> {
  const arrivals: Arrival[] = [];
  const h = await harness(stream, arrivals);
  const socket: number[] = [];
  const dispatched: number[] = [];
  const offSocket = stream
    ? onVirtualScrcpyControlMessage((m) => void (m.type === CONTROL_TYPE.INJECT_TOUCH_EVENT && socket.push(m.at)))
    : onVirtualHelperRequest((op, at) => void (op === 'touch' && socket.push(at)));
  const offDispatch = h.vd.android.input.onEvent((e) => void (e.kind === 'motion' && dispatched.push(epochNow())));
  const figures = Object.fromEntries(
    PHASES.map((p) => [p, Object.fromEntries(STAGES.map((s) => [s, [] as number[]]))]),
  ) as Figures;
  let skipped = 0;
  try {
    const o = await h.observe();
    const bar = nodeById(o, 'toolbar_title').bounds_px;
    const y = Math.floor((bar[1] + bar[3]) / 2);
    await drag(h, y, 100); // warm-up: the helper starts, the page's code paths are hot
    const pressToRelease: number[] = [];
    for (let c = 0; c < CONTACTS; c++) {
      arrivals.length = 0;
      socket.length = 0;
      dispatched.length = 0;
      const { pressToRelease: held } = await drag(h, y, 100 + (c % 3) * 10);
      pressToRelease.push(held);
      const events = arrivals.filter((a) => a.phase === 'down' || a.phase === 'move' || a.phase === 'up');
      // One socket message and one dispatched MotionEvent per event (every move changes the device pixel).
      if (events.length !== socket.length || events.length !== dispatched.length) {
        skipped++;
        continue;
      }
      events.forEach((e, i) => {
        const f = figures[e.phase as Phase];
        f['page → main'].push(e.main - e.page);
        f['main → device socket'].push(socket[i]! - e.main);
        f['device dispatch'].push(dispatched[i]! - socket[i]!);
        f['Tactile adds'].push(dispatched[i]! - e.page);
      });
    }
    if (!stream) return { figures, replay: null, skipped };
    // Today's replay path for the same drags: the executor runs the released gesture (a drag press → release),
    // so its first event comes after the whole gesture plus the executor's delay.
    const first: number[] = [];
    const executor: number[] = [];
    let backend = 'n/a';
    for (const held of pressToRelease) {
      dispatched.length = 0;
      const sent = epochNow();
      const reply = await h.services.dispatch('device.execute', {
        serial: h.serial,
        envelope: dragEnvelope(devicePoint(100, y), devicePoint(100 + 6 * MOVES, y), held),
      });
      if (!reply.ok || dispatched.length === 0) continue;
      backend = (reply.result as { receipt: { dispatch?: { backend: string } } }).receipt.dispatch?.backend ?? backend;
      executor.push(dispatched[0]! - sent);
      first.push(held + dispatched[0]! - sent);
    }
    return { figures, replay: { first, executor, backend }, skipped };
  } finally {
    offSocket();
    offDispatch();
    await h.stop();
  }
}

async function main() {
  const loadBefore = loadavg();
  const scrcpy = await measure(true);
  const helper = await measure(false);
  const loadAfter = loadavg();
  const cell = (f: Figures, p: Phase, s: Stage) => `${fmt(pct(f[p][s], 50))} / ${fmt(pct(f[p][s], 95))}`.padEnd(15);
  console.log(`\nlive touch: pointer event in the page → MotionEvent dispatched on the virtual device, ms p50 / p95`);
  console.log(
    `${CONTACTS} drags per backend, each a down, ${MOVES} moves every ${MOVE_EVERY_MS} ms and an up (skipped: scrcpy ${scrcpy.skipped}, helper ${helper.skipped})\n`,
  );
  console.log(`${''.padEnd(22)}${'scrcpy control socket'.padEnd(45)}helper touch stream`);
  console.log(
    `${'stage'.padEnd(22)}${PHASES.map((p) => p.padEnd(15)).join('')}${PHASES.map((p) => p.padEnd(15)).join('')}`,
  );
  for (const s of STAGES)
    console.log(
      `${s.padEnd(22)}${PHASES.map((p) => cell(scrcpy.figures, p, s)).join('')}${PHASES.map((p) => cell(helper.figures, p, s)).join('')}`,
    );
  const all = (f: Figures) => PHASES.flatMap((p) => f[p]['Tactile adds']);
  console.log(
    `\nTactile adds, every event: scrcpy p50 ${fmt(pct(all(scrcpy.figures), 50))} / p95 ${fmt(pct(all(scrcpy.figures), 95))} ms (goal p95 ≤ 16 on an idle machine); helper p50 ${fmt(pct(all(helper.figures), 50))} / p95 ${fmt(pct(all(helper.figures), 95))} ms`,
  );
  const live = scrcpy.figures.down['Tactile adds'];
  const r = scrcpy.replay!;
  console.log(
    `first event on the device after the press: live (scrcpy) p50 ${fmt(pct(live, 50))} / p95 ${fmt(pct(live, 95))} ms; replay path (today: the executor sends the drag once released, ${r.backend}) p50 ${fmt(pct(r.first, 50))} / p95 ${fmt(pct(r.first, 95))} ms (of which the executor's own delay p50 ${fmt(pct(r.executor, 50))} / p95 ${fmt(pct(r.executor, 95))} ms)`,
  );
  console.log(
    `load average (1/5/15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}; ${cpus().length} cores`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
