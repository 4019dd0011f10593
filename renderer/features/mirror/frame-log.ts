// The last painted frames' timings (bounded ring), for `bench:mirror` and diagnostics: the page exposes them as
// `window.tactileDiagnostics.mirrorFrames()`; nothing in the console depends on them.
import type { FrameTiming } from './mirror-player';

const CAPACITY = 4000;

export class FrameLog {
  private readonly ring: FrameTiming[] = [];
  private next = 0;

  record(t: FrameTiming): void {
    if (this.ring.length < CAPACITY) this.ring.push(t);
    else this.ring[this.next] = t;
    this.next = (this.next + 1) % CAPACITY;
  }

  /** Oldest first. */
  entries(): FrameTiming[] {
    return this.ring.length < CAPACITY
      ? [...this.ring]
      : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }
}

export const frameLog = new FrameLog();
(globalThis as { tactileDiagnostics?: unknown }).tactileDiagnostics = { mirrorFrames: () => frameLog.entries() };
