// Is the overlay still true to the picture? A change of the mirrored picture (mirror/change-detector.ts) read off
// the device after an observation was requested means the boxes may be out of date: the overlay is marked stale. After an action the tree is observed only
// once the picture has settled (no frame for SETTLE_QUIET_MS, e.g. a list's fling has stopped), bounded by
// SETTLE_MAX_MS for screens that never rest (a playing video).
import { useStore } from '../../app/store';

export const SETTLE_QUIET_MS = 500;
export const SETTLE_MAX_MS = 4000;

const epochNow = () => performance.timeOrigin + performance.now();
// Module-level: timestamps written on every mirror frame (a store write per frame would wake every subscriber);
// the store holds only the verdict they lead to (overlayStale).
let lastChangeAt = -Infinity;
let lastFrameAt = -Infinity;
let mirrorLive = false;

/** The mirrored picture changed in a frame read off the device at `at` (epoch ms). */
export function noteMirrorChange(at: number): void {
  lastChangeAt = Math.max(lastChangeAt, at);
  const s = useStore.getState();
  if (s.observation && at > s.observedFrom) s.markOverlayStale();
}

/** A frame was painted (changed or not), now. */
export function noteMirrorFrame(): void {
  lastFrameAt = epochNow();
}

/** Whether frames are arriving at all (without a mirror there is nothing to wait for). */
export function setMirrorLive(live: boolean): void {
  mirrorLive = live;
  if (!live) lastChangeAt = lastFrameAt = -Infinity;
}

export function lastMirrorChangeAt(): number {
  return lastChangeAt;
}

function lastMirrorFrameAt(): number {
  return lastFrameAt;
}

export interface SettleClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: SettleClock = { now: epochNow, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

/** Resolves once no frame was painted for `quietMs` (true), or after `maxMs` regardless (false). */
export async function waitForSettle(
  quietMs = SETTLE_QUIET_MS,
  maxMs = SETTLE_MAX_MS,
  clock: SettleClock = realClock,
  lastFrame: () => number = lastMirrorFrameAt,
): Promise<boolean> {
  if (!mirrorLive && clock === realClock) return true;
  const start = clock.now();
  for (;;) {
    const now = clock.now();
    // At least quietMs from the start: frames the action itself caused may still be on their way.
    const quietFor = now - Math.max(lastFrame(), start);
    if (quietFor >= quietMs) return true;
    if (now - start >= maxMs) return false;
    await clock.sleep(Math.min(quietMs - quietFor, maxMs - (now - start)) + 1);
  }
}
