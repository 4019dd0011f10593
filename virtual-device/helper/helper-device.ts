// What the virtual helper session needs from the device: its SDK and clock, the input dispatcher, the state
// a helper would observe, and the effects of native actions. The lab implements it; the conformance test
// implements it over a vector's fixed state.
import type { DeviceEffects, DeviceState } from '../../shared/helper-protocol';
import type { SimulatedAndroid } from '../android/device';
import type { InputDispatcher } from '../android/input-dispatcher';
import { labDeviceState } from './lab-device-state';
import { labEffects, type LabEffectsHost } from './lab-effects';
import { simFaults, type SimFaults } from './sim-faults';

export interface HelperDevice {
  readonly sdk: number;
  clock(): number;
  readonly input: Pick<InputDispatcher, 'injectMotion'>;
  /** The device now, with this connection's cancelled operation ids. */
  state(cancelled: readonly string[]): DeviceState;
  /** Effects for one native write, and whether Android's performAction answered true. */
  effects(cancelled: readonly string[]): { effects: DeviceEffects; performed(): boolean };
  /** The test faults switched on now (sim-faults.ts); none when absent. */
  faults?(): SimFaults;
}

export function labHelperDevice(android: SimulatedAndroid): HelperDevice {
  const state = (cancelled: readonly string[]) =>
    labDeviceState(android.lab.snapshot(), android.sdk, android.clock(), cancelled);
  return {
    sdk: android.sdk,
    clock: () => android.clock(),
    input: android.input,
    state,
    faults: () => simFaults(android.props),
    effects(cancelled) {
      const host: LabEffectsHost = { lab: android.lab, state: () => state(cancelled), performed: true };
      return { effects: labEffects(host), performed: () => host.performed };
    },
  };
}
