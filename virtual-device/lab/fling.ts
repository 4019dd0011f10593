// Velocity tracking and fling coasting as a phone computes them, for the lab's scrolling widgets:
// - VelocityTracker: Android's default strategy for X and Y (LSQ2 in frameworks/native VelocityTracker.cpp): a
//   quadratic least-squares fit of the last 100 ms of samples (at most 20), the velocity being its slope at the
//   newest sample; a pause of 40 ms or more (ASSUME_POINTER_STOPPED_TIME) means the finger had stopped.
// - Fling: OverScroller's spline (SplineOverScroller), which ScrollView, HorizontalScrollView, ListView and
//   RecyclerView coast with: the distance grows as v^1.74 and the duration as v^0.74, scaled by the screen's
//   density (its physical deceleration is in inches). The Robolectric lab measures the same physics on AOSP's
//   own HorizontalScrollView (npm run bench:calibrated -- --aosp prints both side by side).
// Hand-written: no library models Android's touch physics, and the lab must be deterministic under an injected
// clock.

const HORIZON_MS = 100;
const HISTORY = 20;
const ASSUME_STOPPED_MS = 40;

export class VelocityTracker {
  private samples: Array<{ t: number; v: number }> = [];

  add(t: number, v: number): void {
    const last = this.samples[this.samples.length - 1];
    if (last && t - last.t >= ASSUME_STOPPED_MS) this.samples = []; // the finger had stopped
    if (last && last.t === t) this.samples.pop(); // the same instant: the newer position wins
    this.samples.push({ t, v });
    if (this.samples.length > HISTORY) this.samples.shift();
  }

  clear(): void {
    this.samples = [];
  }

  /** Pixels per second along the tracked axis when the finger lifts at `now` (0 after a 40 ms pause). */
  velocity(now: number): number {
    const newest = this.samples[this.samples.length - 1];
    if (!newest || now - newest.t >= ASSUME_STOPPED_MS) return 0;
    const recent = this.samples.filter((s) => newest.t - s.t <= HORIZON_MS);
    if (recent.length < 2) return 0;
    // Times in seconds before the newest sample; the fit's slope at t = 0 is the velocity.
    const t = recent.map((s) => (s.t - newest.t) / 1000);
    const p = recent.map((s) => s.v);
    if (recent.length === 2) return (p[1]! - p[0]!) / (t[1]! - t[0]!);
    return quadraticSlope(t, p);
  }
}

/** b of p = a·t² + b·t + c fitted by least squares, in closed form (VelocityTracker's unweighted degree 2). */
function quadraticSlope(t: number[], p: number[]): number {
  const m = t.length;
  let st = 0,
    st2 = 0,
    st3 = 0,
    st4 = 0,
    sp = 0,
    stp = 0,
    st2p = 0;
  for (let i = 0; i < m; i++) {
    const t1 = t[i]!;
    const t2 = t1 * t1;
    st += t1;
    st2 += t2;
    st3 += t2 * t1;
    st4 += t2 * t2;
    sp += p[i]!;
    stp += t1 * p[i]!;
    st2p += t2 * p[i]!;
  }
  const sxx = st2 - (st * st) / m;
  const sxy = stp - (st * sp) / m;
  const sxx2 = st3 - (st * st2) / m;
  const sx2y = st2p - (st2 * sp) / m;
  const sx2x2 = st4 - (st2 * st2) / m;
  const denominator = sxx * sx2x2 - sxx2 * sxx2;
  return denominator === 0 ? 0 : (sxy * sx2x2 - sx2y * sxx2) / denominator;
}

// SplineOverScroller's constants.
const DECELERATION_RATE = Math.log(0.78) / Math.log(0.9);
const INFLEXION = 0.35;
const START_TENSION = 0.5;
const P1 = START_TENSION * INFLEXION;
const P2 = 1 - 1 * (1 - INFLEXION);
/** ViewConfiguration.getScrollFriction(). */
const SCROLL_FRICTION = 0.015;
const GRAVITY_EARTH = 9.80665;
const INCHES_PER_METER = 39.37;
/** OverScroller's "look and feel tuning". */
const TUNING = 0.84;
const SAMPLES = 100;

/** The normalised distance covered at each 1/SAMPLES of the fling's duration (OverScroller's SPLINE_POSITION). */
const SPLINE_POSITION: number[] = (() => {
  const out: number[] = [];
  let xMin = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const alpha = i / SAMPLES;
    let xMax = 1;
    let x = 0;
    let coef = 0;
    for (;;) {
      x = xMin + (xMax - xMin) / 2;
      coef = 3 * x * (1 - x);
      const tx = coef * ((1 - x) * P1 + x * P2) + x * x * x;
      if (Math.abs(tx - alpha) < 1e-5) break;
      if (tx > alpha) xMax = x;
      else xMin = x;
    }
    out.push(coef * ((1 - x) * START_TENSION + x) + x * x * x);
  }
  out.push(1);
  return out;
})();

/** A fling as OverScroller runs it: position offset and settle time follow from the start velocity and density. */
export class Fling {
  /** Total distance (px, signed) and duration (ms). */
  readonly distance: number;
  readonly durationMs: number;

  constructor(
    readonly startMs: number,
    readonly velocity: number,
    /** Screen density in dpi (OverScroller's physical coefficient is per inch). */
    densityDpi: number,
  ) {
    // The widgets hand OverScroller a whole px/s; it keeps whole milliseconds and a whole distance.
    const v = Math.trunc(velocity);
    const physical = GRAVITY_EARTH * INCHES_PER_METER * densityDpi * TUNING;
    const l = Math.log((INFLEXION * Math.abs(v)) / (SCROLL_FRICTION * physical));
    this.durationMs = v === 0 ? 0 : Math.trunc(1000 * Math.exp(l / (DECELERATION_RATE - 1)));
    this.distance =
      v === 0
        ? 0
        : Math.sign(v) *
          Math.trunc(SCROLL_FRICTION * physical * Math.exp((DECELERATION_RATE / (DECELERATION_RATE - 1)) * l));
  }

  /** Offset travelled at `now` (whole pixels, as OverScroller reports), and whether the fling has settled. */
  offsetAt(now: number): { offset: number; done: boolean } {
    const t = Math.max(0, now - this.startMs);
    if (t >= this.durationMs) return { offset: this.distance, done: true };
    const f = t / this.durationMs;
    const index = Math.floor(SAMPLES * f);
    const d0 = SPLINE_POSITION[index]!;
    const d1 = SPLINE_POSITION[index + 1]!;
    const coef = d0 + (f - index / SAMPLES) * SAMPLES * (d1 - d0);
    return { offset: Math.round(coef * this.distance), done: false };
  }
}

/** Android's minimum and maximum fling velocities (ViewConfiguration: 50 dp/s and 8000 dp/s). */
export function flingLimits(density: number): { min: number; max: number } {
  return { min: (50 * density) / 160, max: (8000 * density) / 160 };
}

/** ViewConfiguration touch slop: 8 dp. */
export const touchSlop = (density: number): number => (8 * density) / 160;
