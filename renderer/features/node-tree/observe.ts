// Observes the selected device's node tree. Concurrent calls share one request; a call made while one is
// running asks for one more observation afterwards, so the tree always ends up at least as new as the call.
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { lastMirrorChangeAt, waitForSettle } from './staleness';

// Module-level: the observation in flight and whether another was asked for meanwhile (coalescing), not state.
let running: Promise<void> | null = null;
let again = false;

async function observeOnce(): Promise<void> {
  const serial = useStore.getState().selectedSerial;
  // Frozen: the tree is held with the frame; it is observed again on unfreeze.
  if (!serial || useStore.getState().frozen) return;
  useStore.getState().setObserving(true);
  try {
    const requestedAt = performance.timeOrigin + performance.now();
    const observation = await api().request('device.observe', { serial });
    if (useStore.getState().selectedSerial !== serial || useStore.getState().frozen) {
      useStore.getState().setObserving(false);
      return;
    }
    useStore.getState().setObservation(observation, requestedAt, lastMirrorChangeAt() > requestedAt);
    useStore.getState().setObserving(false);
  } catch (error) {
    useStore.getState().setObserving(false, errorText(error));
  }
}

export function refreshObservation(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await observeOnce();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Observation rounds after an action before the overlay is left marked stale (a screen that never rests). */
export const SETTLE_ROUNDS = 4;

/**
 * After an action: observe once the picture has settled (frames stopped), so a fling is not read mid-way. A
 * change seen after that observation was requested (a slow fling's last frames, a late frame on a loaded
 * machine) makes it stale: settle and observe again, up to SETTLE_ROUNDS times.
 */
export async function observeWhenSettled(): Promise<void> {
  await waitForSettle();
  await refreshObservation();
  for (let round = 1; round < SETTLE_ROUNDS; round++) {
    await waitForSettle();
    if (!useStore.getState().overlayStale) return;
    await refreshObservation();
  }
}

/** While `autoObserve` is on, observes again as soon as the previous observation finished (at most every `minMs`). */
export function startAutoObserve(minMs = 750): () => void {
  let stopped = false;
  let timer: number | null = null;
  const tick = async () => {
    timer = null;
    if (stopped) return;
    const t0 = performance.now();
    if (useStore.getState().autoObserve) await refreshObservation();
    if (!stopped) timer = window.setTimeout(() => void tick(), Math.max(0, minMs - (performance.now() - t0)));
  };
  void tick();
  return () => {
    stopped = true;
    if (timer !== null) window.clearTimeout(timer);
  };
}
