// `dumpsys tactile_lab`: the lab app's state as JSON, with the input dispatcher's counters (tests read it).
import type { SimulatedAndroid } from '../../../device';

export function dumpLabState(android: SimulatedAndroid): string {
  const i = android.input;
  const state = {
    ...android.lab.stateJson(),
    input_event_count: i.inputEventCount,
    rejected_event_count: i.rejectedEventCount,
    max_pointers: i.maxPointers,
    pointers_down: i.pointersDown,
    last_gesture: i.lastGesture,
    version: android.lab.version,
  };
  return `${JSON.stringify(state, null, 2)}\n`;
}
