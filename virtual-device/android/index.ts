// The simulated Android behind the adb transport: create one, hand it to the transport as DeviceServices.
import { SimulatedAndroid, type SimulatedAndroidOptions } from './device';

export { SimulatedAndroid, type SimulatedAndroidOptions } from './device';
export type { ReceivedEvent } from './input-dispatcher';
export type * from '../lab/types';

/** A phone (1080×2400, 420 dpi, API 34 by default) running the lab app, ready for the adb transport. */
export function createSimulatedAndroid(opts: SimulatedAndroidOptions): SimulatedAndroid {
  return new SimulatedAndroid(opts);
}
