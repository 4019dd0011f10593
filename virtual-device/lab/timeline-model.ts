// The custom-drawn video timeline: a fixed centre indicator over a time axis that pans with the finger,
// coasts after a fast release, zooms with two fingers, and advances 1 s per s while playing.
import { Fling } from './fling';

const DAY = 86400;
export const MIN_SECONDS_PER_PX = 0.02;
export const MAX_SECONDS_PER_PX = 120;

export class TimelineModel {
  /** Seconds of the day under the centre indicator. */
  center = 17 * 3600 + 40 * 60;
  secondsPerPx = 0.5;
  playing = false;
  private fling: { motion: Fling; applied: number } | null = null;
  private lastUpdateMs: number;
  /** True while a finger holds the timeline: playback and coasting pause under the finger. */
  held = false;

  constructor(now: number) {
    this.lastUpdateMs = now;
  }

  get flinging(): boolean {
    return this.fling !== null;
  }

  /** Advances playback and any fling to `now`. */
  update(now: number): void {
    const dt = now - this.lastUpdateMs;
    this.lastUpdateMs = now;
    if (dt <= 0) return;
    if (this.playing && !this.held) this.setCenter(this.center + dt / 1000);
    if (this.fling) {
      const { offset, done } = this.fling.motion.offsetAt(now);
      // Content follows the finger: moving right reveals earlier times.
      const hitEdge = !this.setCenter(this.center - (offset - this.fling.applied) * this.secondsPerPx);
      this.fling.applied = offset;
      if (done || hitEdge) this.fling = null;
    }
  }

  /** Returns false when the value had to be clamped to the day's edges. */
  setCenter(seconds: number): boolean {
    const clamped = Math.min(DAY - 1, Math.max(0, seconds));
    this.center = clamped;
    return clamped === seconds;
  }

  setScale(secondsPerPx: number): void {
    this.secondsPerPx = Math.min(MAX_SECONDS_PER_PX, Math.max(MIN_SECONDS_PER_PX, secondsPerPx));
  }

  stopFling(): void {
    this.fling = null;
  }

  startFling(now: number, velocityPxPerS: number, densityDpi: number): void {
    this.fling = { motion: new Fling(now, velocityPxPerS, densityDpi), applied: 0 };
  }

  /** Seconds at screen x for a timeline whose centre is at `centerX`. */
  secondsAt(x: number, centerX: number): number {
    return this.center + (x - centerX) * this.secondsPerPx;
  }

  reset(): void {
    this.center = 17 * 3600 + 40 * 60;
    this.secondsPerPx = 0.5;
    this.playing = false;
    this.fling = null;
    this.held = false;
  }
}

/** Tick spacing (seconds) so labels stay at least `minLabelPx` apart. */
export function tickStep(secondsPerPx: number, minLabelPx: number): number {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200];
  for (const s of steps) if (s / secondsPerPx >= minLabelPx) return s;
  return 86400;
}
