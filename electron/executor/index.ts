// The action executor: createExecutor(deps).run(envelope, {serial, owner, signal}) → Receipt.
export { createExecutor, type DeviceCapabilities, type Executor, type ExecutorDeps } from './executor';
export type { RunOptions } from './pipeline';
export type { DeviceLink, DeviceLinks, UiObservation } from './device-link';
export { adbDeviceLink, adbDeviceLinks, serverDeviceLinks, sessionDeviceLinks, sessionLink } from './adb-device-link';
export { offeredTools } from './capabilities';
