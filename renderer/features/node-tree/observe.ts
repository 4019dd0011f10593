// Observes the selected device's node tree. Concurrent calls share one request; a call made while one is
// running asks for one more observation afterwards, so the tree always ends up at least as new as the call.
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';

let running: Promise<void> | null = null;
let again = false;

async function observeOnce(): Promise<void> {
  const serial = useStore.getState().selectedSerial;
  if (!serial) return;
  useStore.getState().setObserving(true);
  try {
    const observation = await api().request('device.observe', { serial });
    if (useStore.getState().selectedSerial !== serial) return;
    useStore.getState().setObservation(observation);
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
