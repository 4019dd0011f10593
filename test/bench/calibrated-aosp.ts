// `npm run bench:calibrated -- --aosp`, AOSP's half: the calibrated drag against AOSP's own HorizontalScrollView
// (the Robolectric real-widget lab, helper-apk/src/test/.../robolectric/FlingBench.java) instead of the virtual
// device. The plans are built here by the product's own builders (shared/calibration's buildCalibratedDrag and
// proposeCorrection, the validator, shared/gesture's planner and sampler, as electron/input/helper-input.ts
// sends them); the Java side injects them through the helper at API 34 and reads the scroll position back.
// Three Maven runs: observe (anchors), first dispatches (and the swipes), first + correction for the misses.
// - Calibrated pans: to random seconds within the visible scale (± 1 s), duration 300..2000 ms, seeded; each
//   with a phone's VelocityTracker (LSQ2) and with Robolectric's own (LEGACY), see DeviceVelocityTracker.
// - Swipes lifted while moving (the `swipe` tool): how far AOSP's OverScroller coasts after each release, next
//   to what the virtual device's fling model (virtual-device/lab/fling.ts) predicts from the same events.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildCalibratedDrag,
  centerOn,
  parseValue,
  positionOf,
  proposeCorrection,
  widestAnchors,
  type DragCall,
} from '../../shared/calibration';
import { planToolCall, sampleMotionEvents } from '../../shared/gesture';
import { ObserveResultSchema } from '../../shared/helper-protocol/responses';
import { validateToolCall } from '../../shared/validation';
import { Fling, VelocityTracker, flingLimits } from '../../virtual-device/lab/fling';

const id = (name: string) => `com.tactile.lab:id/${name}`;
const DENSITY = 420;
export const TRACKERS = ['lsq2', 'legacy'] as const;
export type Tracker = (typeof TRACKERS)[number];

interface Replay {
  before: number;
  released: number[];
  after: number[];
}
type MotionEvents = ReturnType<typeof sampleMotionEvents>;

export interface PanFigures {
  hit1: number;
  hit2: number;
  coasted: number;
  residual1: number[];
  residual2: number[];
  noSecond: Map<string, number>;
}
/** Coasts in px along the finger's direction; `edge`: the scroll range ended the coast (both sides clamp there). */
export interface SwipeFigure {
  distancePx: number;
  durationMs: number;
  velocity: number;
  aospCoastPx: number;
  virtualCoastPx: number;
  edge: boolean;
}
export interface AospFigures {
  screen: { width: number; height: number };
  pans: Record<Tracker, PanFigures>;
  swipes: SwipeFigure[];
}

function mvn(dir: string, phase: string): void {
  const started = Date.now();
  const args = [
    '-B',
    '-ntp',
    '-q',
    '-Dstyle.color=never',
    '-f',
    'helper-apk/pom.xml',
    'test',
    '-Dtest=FlingBench',
    '-Dsurefire.failIfNoSpecifiedTests=false',
    '-Drobolectric.forkTimeoutSeconds=0',
    `-Dbench.dir=${dir}`,
    `-Dbench.phase=${phase}`,
  ];
  const run = spawnSync('mvn', args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) {
    process.stdout.write(run.stdout);
    throw new Error(
      `mvn ${args.join(' ')} failed (${run.status ?? run.signal}); see helper-apk/target/surefire-reports/`,
    );
  }
  console.log(`  maven ${phase}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The inject events the helper gets for a call (what HelperInput.dispatch sends), or the validator's refusal. */
function prepare(call: { tool: string; args: unknown }, screen: { width: number; height: number }) {
  const v = validateToolCall({ tool: call.tool, args: call.args }, { screen });
  if (!v.ok) return { ok: false as const, code: v.errors[0]!.code };
  const plan = planToolCall(v.call, screen);
  if (!plan.ok) throw new Error(`unplannable call: ${JSON.stringify(plan.errors)}`);
  return {
    ok: true as const,
    events: sampleMotionEvents(plan.plan.pointers).map((e) => ({ ...e, t_ms: Math.round(e.t_ms) })),
    endPx: plan.plan.calibration?.end_px ?? null,
  };
}

function mustPrepare(call: { tool: string; args: unknown }, screen: { width: number; height: number }) {
  const p = prepare(call, screen);
  if (!p.ok) throw new Error(`the bench built a call the validator refuses: ${p.code}`);
  return p;
}

/** What the virtual device's timeline does with the same events: its tracker's velocity at the release and its fling. */
function virtualCoast(events: MotionEvents): { velocity: number; coast: number } {
  const tracker = new VelocityTracker();
  for (const e of events) if (e.action !== 'up') tracker.add(e.t_ms, e.pointers[0]!.x);
  const up = events[events.length - 1]!;
  const velocity = tracker.velocity(up.t_ms);
  const { min, max } = flingLimits(DENSITY);
  if (Math.abs(velocity) < min) return { velocity, coast: 0 };
  return { velocity, coast: new Fling(0, Math.sign(velocity) * Math.min(max, Math.abs(velocity)), DENSITY).distance };
}

export async function runAospBench(random: () => number, trials: number): Promise<AospFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'tactile-bench-aosp-'));
  try {
    mvn(dir, 'observe');
    const obs = ObserveResultSchema.parse(JSON.parse(readFileSync(join(dir, 'observe.json'), 'utf8')));
    const ticks = obs.nodes.filter((n) => n.resource_id === id('timeline_tick') && n.flags.visible);
    const playhead = obs.nodes.find((n) => n.resource_id === id('playhead'));
    const timeline = obs.nodes.find((n) => n.resource_id === id('timeline'));
    if (!playhead || !timeline) throw new Error('the AOSP lab exposes no timeline or playhead');
    const anchors = widestAnchors(
      ticks.map((t) => ({ bounds_px: t.bounds_px, text: t.text })),
      'x',
      timeline.bounds_px,
    );
    if (!anchors) throw new Error('the AOSP lab exposes no whole ticks');
    const indicator = centerOn(playhead.bounds_px, 'x');
    const b = timeline.bounds_px;
    const y = Math.round(centerOn(b, 'y'));
    const valueAt = (x: number) =>
      anchors[0].value +
      ((x - anchors[0].position) * (anchors[1].value - anchors[0].value)) / (anchors[1].position - anchors[0].position);
    const lo = Math.ceil(valueAt(b[0] + 1));
    const hi = Math.floor(valueAt(b[2] - 2));
    const screen = obs.display;
    const calls: DragCall[] = [];
    for (let i = 0; i < trials; i++) {
      const target = lo + Math.floor(random() * (hi - lo + 1));
      const duration = 300 + Math.floor(random() * 1701);
      const delta = indicator - positionOf(target, anchors);
      calls.push(
        buildCalibratedDrag({
          start: [Math.round(indicator - delta / 2), y],
          axis: 'x',
          mode: 'pan',
          anchors,
          target_value: target,
          indicator_position: indicator,
          tolerance: 1,
          duration_ms: duration,
          target_description: 'timeline',
        }),
      );
    }
    const first = calls.map((c) => mustPrepare(c, screen));
    // Swipes of 150..450 px in 60..300 ms, alternating directions, centred on the indicator, lifted while moving.
    const swipes = [150, 300, 450].flatMap((d, k) =>
      [60, 120, 200, 300].map((ms, j) => {
        const sign = (k + j) % 2 === 0 ? -1 : 1;
        const norm = (px: number, size: number) => Math.round((px * 1000) / (size - 1));
        const args = {
          start: [norm(indicator - (sign * d) / 2, screen.width), norm(y, screen.height)],
          end: [norm(indicator + (sign * d) / 2, screen.width), norm(y, screen.height)],
          duration_ms: ms,
        };
        return { distancePx: d, durationMs: ms, events: mustPrepare({ tool: 'swipe', args }, screen).events };
      }),
    );
    const plans: Record<string, unknown> = Object.fromEntries(
      TRACKERS.map((t) => [t, first.map((f) => ({ dispatches: [f.events] }))]),
    );
    plans['lsq2/swipes'] = swipes.map((s) => ({ dispatches: [s.events] }));
    writeFileSync(join(dir, 'plans.json'), JSON.stringify(plans));
    mvn(dir, 'replay');
    const r1 = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Record<string, Replay[]>;
    const target = (i: number) => calls[i]!.args.calibration.target_value;
    const within = (v: number, i: number) => Math.abs(v - target(i)) <= 1;
    // The misses get shared/calibration's Correct step, built from what the first dispatch produced; a
    // correction Correct does not propose or the validator refuses is not dispatched, as in the product.
    const seconds = Object.fromEntries(
      TRACKERS.map((t) => [t, [] as Array<{ i: number; events: MotionEvents }>]),
    ) as Record<Tracker, Array<{ i: number; events: MotionEvents }>>;
    const noSecond = Object.fromEntries(TRACKERS.map((t) => [t, new Map<string, number>()])) as Record<
      Tracker,
      Map<string, number>
    >;
    for (const t of TRACKERS) {
      r1[t]!.forEach((r, i) => {
        const after = r.after[0]!;
        if (within(after, i)) return;
        const c = proposeCorrection(calls[i]!, {
          feedback: {
            before_value: r.before,
            after_value: after,
            residual: after - target(i),
            within_tolerance: false,
          } as never,
          calibration: { end_px: first[i]!.endPx! },
        });
        const p = c.ok ? prepare(c.call, screen) : null;
        if (p?.ok) seconds[t].push({ i, events: p.events });
        else {
          const why = c.ok ? (p as { code: string }).code : c.reason;
          noSecond[t].set(why, (noSecond[t].get(why) ?? 0) + 1);
        }
      });
    }
    const r2 = Object.fromEntries(TRACKERS.map((t) => [t, [] as Replay[]])) as Record<Tracker, Replay[]>;
    if (TRACKERS.some((t) => seconds[t].length > 0)) {
      writeFileSync(
        join(dir, 'plans.json'),
        JSON.stringify(
          Object.fromEntries(
            TRACKERS.map((t) => [t, seconds[t].map((s) => ({ dispatches: [first[s.i]!.events, s.events] }))]),
          ),
        ),
      );
      mvn(dir, 'replay');
      Object.assign(r2, JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Record<Tracker, Replay[]>);
    }
    const pans = Object.fromEntries(
      TRACKERS.map((t) => {
        let hit2 = r1[t]!.filter((r, i) => within(r.after[0]!, i)).length;
        const hit1 = hit2;
        seconds[t].forEach((s, k) => {
          const again = r2[t][k]!;
          // The replay is deterministic: the first dispatch lands where it did the first time.
          if (again.after[0] !== r1[t]![s.i]!.after[0])
            throw new Error(`replay differs for trial ${s.i}: ${again.after[0]} vs ${r1[t]![s.i]!.after[0]}`);
          if (within(again.after[1]!, s.i)) hit2++;
        });
        const figures: PanFigures = {
          hit1,
          hit2,
          coasted: r1[t]!.filter((r) => r.after[0] !== r.released[0]).length,
          residual1: r1[t]!.map((r, i) => r.after[0]! - target(i)),
          residual2: seconds[t].map((s, k) => r2[t][k]!.after[1]! - target(s.i)),
          noSecond: noSecond[t],
        };
        return [t, figures];
      }),
    ) as Record<Tracker, PanFigures>;
    // The timeline scrolls from its first tick to its last under the playhead (one second per pixel).
    const tickValues = obs.nodes
      .filter((n) => n.resource_id === id('timeline_tick'))
      .map((n) => parseValue(n.text ?? '')?.value ?? NaN);
    const [first0, last0] = [Math.min(...tickValues), Math.max(...tickValues)];
    const swipeFigures = swipes.map((s, k): SwipeFigure => {
      const r = r1['lsq2/swipes']![k]!;
      const v = virtualCoast(s.events);
      // The content moves against the finger: the value under the playhead goes down as the finger goes right.
      const released = r.released[0]!;
      const predicted = Math.min(last0, Math.max(first0, released - v.coast));
      return {
        distancePx: s.distancePx,
        durationMs: s.durationMs,
        velocity: Math.round(v.velocity),
        aospCoastPx: released - r.after[0]!,
        virtualCoastPx: released - predicted,
        edge: predicted !== released - v.coast,
      };
    });
    return { screen, pans, swipes: swipeFigures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
