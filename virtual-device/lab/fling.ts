// Velocity tracking and fling coasting, modelled on Android's VelocityTracker (last 100 ms of samples,
// zero when the finger rested) and Scroller (exponential deceleration). Hand-written: no library models
// Android's touch physics, and the lab must be deterministic under an injected clock.

const HORIZON_MS = 100;
/** Friction constant (1/s): a fling coasts v0 / FRICTION pixels in total. */
const FRICTION = 2.5;
/** Below this speed (px/s) a fling has settled. */
const SETTLE_SPEED = 15;

export class VelocityTracker {
  private samples: Array<{ t: number; v: number }> = [];

  add(t: number, v: number): void {
    this.samples.push({ t, v });
    const cutoff = t - HORIZON_MS;
    while (this.samples.length > 2 && this.samples[0]!.t < cutoff) this.samples.shift();
  }

  clear(): void {
    this.samples = [];
  }

  /** Pixels per second along the tracked axis, measured over the samples of the last 100 ms before `now`. */
  velocity(now: number): number {
    const recent = this.samples.filter((s) => s.t >= now - HORIZON_MS);
    if (recent.length < 2) return 0;
    const first = recent[0]!;
    const last = recent[recent.length - 1]!;
    const dt = last.t - first.t;
    return dt > 0 ? ((last.v - first.v) / dt) * 1000 : 0;
  }
}

/** An exponentially decelerating coast: position offset and settle time follow from the start velocity. */
export class Fling {
  constructor(
    readonly startMs: number,
    readonly velocity: number,
  ) {}

  /** Total distance the fling travels until it settles. */
  get distance(): number {
    return (this.velocity / FRICTION) * (1 - SETTLE_SPEED / Math.abs(this.velocity));
  }

  get durationMs(): number {
    return (Math.log(Math.abs(this.velocity) / SETTLE_SPEED) / FRICTION) * 1000;
  }

  /** Offset travelled at `now`, and whether the fling has settled. */
  offsetAt(now: number): { offset: number; done: boolean } {
    const t = Math.max(0, now - this.startMs);
    if (t >= this.durationMs) return { offset: this.distance, done: true };
    const s = t / 1000;
    return { offset: (this.velocity / FRICTION) * (1 - Math.exp(-FRICTION * s)), done: false };
  }
}

/** Android's minimum and maximum fling velocities (ViewConfiguration: 50 dp/s and 8000 dp/s). */
export function flingLimits(density: number): { min: number; max: number } {
  return { min: (50 * density) / 160, max: (8000 * density) / 160 };
}

/** ViewConfiguration touch slop: 8 dp. */
export const touchSlop = (density: number): number => (8 * density) / 160;
