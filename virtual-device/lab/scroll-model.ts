// Vertical scrolling of the RecyclerView: finger drags, flings and the short animation that
// accessibility scrolls run (RecyclerView smooth-scrolls them), all driven by the device clock.
import { Fling } from './fling';

const SMOOTH_SCROLL_MS = 250;

export class ScrollModel {
  offset = 0;
  private fling: { motion: Fling; applied: number } | null = null;
  private anim: { from: number; to: number; startMs: number } | null = null;

  constructor(private maxOffset: number) {}

  setMax(max: number): void {
    this.maxOffset = Math.max(0, max);
    this.offset = Math.min(this.offset, this.maxOffset);
  }

  get max(): number {
    return this.maxOffset;
  }

  get moving(): boolean {
    return this.fling !== null || this.anim !== null;
  }

  /** Returns false when clamped at an edge. */
  scrollTo(offset: number): boolean {
    const clamped = Math.min(this.maxOffset, Math.max(0, offset));
    this.offset = clamped;
    return clamped === offset;
  }

  stop(): void {
    this.fling = null;
    this.anim = null;
  }

  startFling(now: number, velocity: number, densityDpi: number): void {
    this.anim = null;
    this.fling = { motion: new Fling(now, velocity, densityDpi), applied: 0 };
  }

  smoothScrollBy(now: number, delta: number): void {
    this.fling = null;
    const to = Math.min(this.maxOffset, Math.max(0, this.offset + delta));
    this.anim = { from: this.offset, to, startMs: now };
  }

  update(now: number): void {
    if (this.fling) {
      const { offset, done } = this.fling.motion.offsetAt(now);
      const inside = this.scrollTo(this.offset + (offset - this.fling.applied));
      this.fling.applied = offset;
      if (done || !inside) this.fling = null;
    }
    if (this.anim) {
      const f = Math.min(1, (now - this.anim.startMs) / SMOOTH_SCROLL_MS);
      const eased = 1 - (1 - f) * (1 - f);
      this.offset = this.anim.from + (this.anim.to - this.anim.from) * eased;
      if (f >= 1) {
        this.offset = this.anim.to;
        this.anim = null;
      }
    }
  }
}
