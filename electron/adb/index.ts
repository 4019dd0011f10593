// The device layer over the real adb server (adbkit). Parsers are pure and separate from the I/O modules.
export { AdbServer } from './adb-server';
export { DeviceTracker, type DeviceEvent } from './device-tracker';
export { getDeviceInfo, type DeviceInfo } from './device-info';
export { DeviceLayerError } from './errors';
export { observe } from './observe';
export { takeScreenshot } from './screenshot';
export { listAllDevices, locateDevice, openAdbServers } from './servers';
