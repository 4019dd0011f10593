// The device layer over the real adb server (adbkit). Parsers are pure and separate from the I/O modules.
export { AdbServer, type AdbServerOptions, type CommandOptions, type DeviceChannel, type DeviceEntry } from './adb-server';
export { DeviceTracker, isNetworkSerial, type DeviceEvent, type DeviceTrackerOptions } from './device-tracker';
export { getDeviceInfo, readRotation, type DeviceInfo } from './device-info';
export { displaySize, parseRotation, parseWmDensity, parseWmSize, type WmDensity, type WmSize } from './device-info-parse';
export { ADB_INSTALL_HINT, classifyAdbError, DeviceLayerError } from './errors';
export { observe } from './observe';
export { checkPng } from './png-check';
export { takeScreenshot, type Screenshot } from './screenshot';
export { DEFAULT_ADB_PORT, adbServerPortFromEnv, formatServer, parseServerAddress, resolveAdbServers, type AdbServerAddress } from './server-address';
export { listAllDevices, locateDevice, openAdbServers, type AdbServersOptions } from './servers';
