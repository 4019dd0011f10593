// The action executor: createExecutor(deps).run(envelope, {serial, owner, signal}) → Receipt.
export { createExecutor, type Executor } from './executor';
export type { DeviceLinks } from './device-link';
export { adbDeviceLink, adbDeviceLinks, serverDeviceLinks, sessionDeviceLinks } from './adb-device-link';
