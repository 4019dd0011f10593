// Waiting for a moment on the device clock with sub-millisecond aim: timers get close (they fire late by a
// few ms under load), the last stretch yields with setImmediate so socket I/O still runs meanwhile. An abort
// ends the wait within a slice.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Margin left to setImmediate turns after the coarse timer sleep. */
const SPIN_MS = 4;
/** A long wait is slept in pieces this long, so an abort (a cancel of a held finger) is seen promptly. */
const SLICE_MS = 25;

export async function sleepUntil(clock: () => number, at: number, signal?: { aborted: boolean }): Promise<void> {
  for (;;) {
    if (signal?.aborted) return;
    const remaining = at - clock();
    if (remaining <= 0) return;
    if (remaining > SPIN_MS + 1)
      await new Promise((resolve) => setTimeout(resolve, Math.min(remaining - SPIN_MS, SLICE_MS)));
    else await nextTurn();
  }
}
