// The canonical call of a live contact (the Control tool's finger that followed the pointer): what its receipt
// names, the recorder keeps and "+ Step" adds, so a replay sends the contact that was felt. Built from the
// path AS INJECTED (positions and injection times of the events the device got, times from the first down):
//   - one finger that stayed within TAP_SLOP_PX of its down point: a `click` (held < LONG_PRESS_MS) or a
//     `long_press` of the held duration, on the contract's normalized grid (the seed's tools take no pixels);
//   - anything else: a pixel `touch_gesture`, its keyframes chosen from the injected samples so the replay,
//     which interpolates linearly between keyframes in time, stays as close as possible to every sample.
// The seed bounds a touch_gesture to 32 keyframes: a longer path keeps the samples that matter most (greedy
// refinement on the time-interpolated error, Ramer–Douglas–Peucker in time) and the error left is returned
// beside the call. Times over the seed's 10 s stay as they were: such a call is refused by validation on
// replay (an honest record of a contact no canonical call can replay), never shortened.
import type { ToolEnvelope } from '../actions';
import { devicePointToNormTarget, type ScreenSize } from '../geometry';

/** Below Android's smallest touch slop (8 dp is ≥ 8 px at any density ≥ 1): the device saw a tap too. */
export const TAP_SLOP_PX = 8;
/** A still contact held this long is a long press (Android's default long-press timeout is 400–500 ms). */
export const LONG_PRESS_MS = 500;
/** The seed's touch_gesture bound on keyframes. */
export const MAX_CONTACT_FRAMES = 32;
/** Deviation below this is the same device pixel once rounded: refinement stops there. */
const EXACT_PX = 0.5;

/** One injected event: ms since the first down, and every finger's device pixel in the contact's finger order. */
export interface ContactSample {
  t_ms: number;
  points: ReadonlyArray<readonly [number, number]>;
}

export interface ContactCall {
  envelope: ToolEnvelope;
  /** Keyframes kept (touch_gesture), else 1. */
  frames: number;
  /** Largest distance (device px) between an injected sample and the call's replay at that sample's time. */
  max_deviation_px: number;
}

function dist(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** A still finger: every sample within the slop of the first. */
function still(samples: readonly ContactSample[]): boolean {
  if (samples[0]!.points.length !== 1) return false;
  const p0 = samples[0]!.points[0]!;
  return samples.every((s) => dist(s.points[0]!, p0) <= TAP_SLOP_PX);
}

/** One sample per distinct whole millisecond (the call's at_ms strictly increase): the first keeps the down, later ones the newest position. */
function perMillisecond(samples: readonly ContactSample[]): ContactSample[] {
  const out: ContactSample[] = [];
  for (const s of samples) {
    const ms = Math.round(s.t_ms);
    const last = out[out.length - 1];
    if (!last) out.push({ t_ms: ms, points: s.points });
    else if (Math.round(last.t_ms) === ms) {
      if (out.length > 1) out[out.length - 1] = { t_ms: ms, points: s.points };
    } else out.push({ t_ms: ms, points: s.points });
  }
  return out;
}

/** Sample i's distance from the straight replay between kept samples a and b (at i's time), worst finger. */
function deviation(s: readonly ContactSample[], a: number, b: number, i: number): number {
  const A = s[a]!;
  const B = s[b]!;
  const span = B.t_ms - A.t_ms;
  const u = span > 0 ? (s[i]!.t_ms - A.t_ms) / span : 0;
  let worst = 0;
  for (let f = 0; f < A.points.length; f++) {
    const pa = A.points[f]!;
    const pb = B.points[f]!;
    const at: [number, number] = [pa[0] + (pb[0] - pa[0]) * u, pa[1] + (pb[1] - pa[1]) * u];
    worst = Math.max(worst, dist(at, s[i]!.points[f]!));
  }
  return worst;
}

/** Indices of at most `max` samples (first and last always), refined where the replay strays most. */
export function keyframeIndices(
  samples: readonly ContactSample[],
  max = MAX_CONTACT_FRAMES,
): { kept: number[]; error: number } {
  const n = samples.length;
  if (n <= 2) return { kept: n === 1 ? [0] : [0, 1], error: 0 };
  const kept = [0, n - 1];
  for (;;) {
    let worst = 0;
    let at = -1;
    for (let k = 0; k + 1 < kept.length; k++) {
      for (let i = kept[k]! + 1; i < kept[k + 1]!; i++) {
        const d = deviation(samples, kept[k]!, kept[k + 1]!, i);
        if (d > worst) {
          worst = d;
          at = i;
        }
      }
    }
    if (at < 0 || worst <= EXACT_PX || kept.length >= max) return { kept, error: worst };
    kept.push(at);
    kept.sort((a, b) => a - b);
  }
}

/**
 * The canonical call for an injected contact (≥ 1 sample; every sample lists the same fingers in the same
 * order). `description` becomes the touch_gesture's target_description.
 */
export function contactCall(samples: readonly ContactSample[], screen: ScreenSize, description: string): ContactCall {
  if (samples.length === 0) throw new Error('a contact has at least its down');
  if (still(samples)) {
    const [x, y] = samples[0]!.points[0]!;
    const target = devicePointToNormTarget({ x, y }, screen);
    const held = Math.round(samples[samples.length - 1]!.t_ms - samples[0]!.t_ms);
    const max_deviation_px = Math.max(...samples.map((s) => dist(s.points[0]!, [x, y])));
    if (held < LONG_PRESS_MS) {
      return {
        envelope: { tool: 'click', args: { target, times: 1, delay_ms: 100, expected_resource_id: null } },
        frames: 1,
        max_deviation_px,
      };
    }
    return { envelope: { tool: 'long_press', args: { target, duration_ms: held } }, frames: 1, max_deviation_px };
  }
  const distinct = perMillisecond(samples);
  // A contact that lasted under a millisecond still needs two frames: its up is kept 1 ms after its down.
  if (distinct.length === 1)
    distinct.push({ t_ms: distinct[0]!.t_ms + 1, points: samples[samples.length - 1]!.points });
  const { kept } = keyframeIndices(distinct);
  const t0 = distinct[0]!.t_ms;
  const frames = kept.map((i) => ({
    at_ms: distinct[i]!.t_ms - t0,
    points: distinct[i]!.points.map((p) => [p[0], p[1]] as [number, number]),
  }));
  return {
    envelope: {
      tool: 'touch_gesture',
      args: { frames, coordinate_space: 'pixel', target_description: description, require_visible: null, region: null },
    },
    frames: frames.length,
    max_deviation_px: replayDeviation(samples, frames),
  };
}

/** Largest distance between any injected sample and the keyframes' replay at its (rounded) time. */
function replayDeviation(
  samples: readonly ContactSample[],
  frames: ReadonlyArray<{ at_ms: number; points: Array<[number, number]> }>,
): number {
  const t0 = Math.round(samples[0]!.t_ms);
  let worst = 0;
  let k = 0;
  for (const s of samples) {
    const t = Math.round(s.t_ms) - t0;
    while (k + 2 < frames.length && frames[k + 1]!.at_ms <= t) k++;
    const a = frames[k]!;
    const b = frames[Math.min(k + 1, frames.length - 1)]!;
    const u = b.at_ms > a.at_ms ? Math.min(1, Math.max(0, (t - a.at_ms) / (b.at_ms - a.at_ms))) : 0;
    for (let f = 0; f < s.points.length; f++) {
      const at: [number, number] = [
        a.points[f]![0] + (b.points[f]![0] - a.points[f]![0]) * u,
        a.points[f]![1] + (b.points[f]![1] - a.points[f]![1]) * u,
      ];
      worst = Math.max(worst, dist(at, s.points[f]!));
    }
  }
  // Rounded up to the hundredth: the figure is a bound, never below the true distance.
  return Math.max(0, Math.ceil(worst * 100 - 1e-9)) / 100;
}
