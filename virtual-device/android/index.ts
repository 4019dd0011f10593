// The simulated Android behind the adb transport: create one, hand it to the transport as DeviceServices.
import { SimulatedAndroid, type SimulatedAndroidOptions } from './device';

export { SimulatedAndroid, type SimulatedAndroidOptions, type DisplayInfo } from './device';
export { InputDispatcher, MAX_POINTERS } from './input-dispatcher';
export type { GestureSummary, InjectResult, KeyEventInput, MotionAction, MotionEventInput, Pointer, ReceivedEvent } from './input-dispatcher';
export { LocalSockets } from './local-sockets';
export { keyCodeFromString } from './keycodes';
export { dumpActiveWindow, dumpAllWindows } from './uiautomator-xml';
export { Lab } from '../lab/lab';
export { LabRenderer, type RawFrame } from '../lab/renderer';
export type * from '../lab/types';
export { ACTION_NAMES } from '../lab/types';

/** A phone (1080×2400, 420 dpi, API 34 by default) running the lab app, ready for the adb transport. */
export function createSimulatedAndroid(opts: SimulatedAndroidOptions): SimulatedAndroid {
  return new SimulatedAndroid(opts);
}
