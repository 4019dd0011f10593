// Devices: the list main reports (state, model, SDK, backend, lock holder) and the one the console works on.
import type { CapabilitiesView, DeviceInfoView, DeviceRow } from '../../../shared/ipc';
import type { SliceCreator } from '../../app/store';

export interface DevicesSlice {
  devices: DeviceRow[];
  selectedSerial: string | null;
  deviceInfo: DeviceInfoView | null;
  capabilities: CapabilitiesView | null;
  devicesError: string | null;
  /** The host:port being connected, while `adb connect` runs. */
  connecting: string | null;
  setConnecting(target: string | null): void;
  setDevices(devices: DeviceRow[]): void;
  selectDevice(serial: string | null): void;
  setDeviceInfo(info: DeviceInfoView | null): void;
  setCapabilities(capabilities: CapabilitiesView | null): void;
  setDevicesError(message: string | null): void;
}

export const createDevicesSlice: SliceCreator<DevicesSlice> = (set, get) => ({
  devices: [],
  selectedSerial: null,
  deviceInfo: null,
  capabilities: null,
  devicesError: null,
  connecting: null,
  setConnecting: (connecting) => set({ connecting }),
  setDevices: (devices) => set({ devices }),
  selectDevice: (serial) => {
    if (serial === get().selectedSerial) return;
    set({ selectedSerial: serial, deviceInfo: null, capabilities: null });
  },
  setDeviceInfo: (deviceInfo) => set({ deviceInfo }),
  setCapabilities: (capabilities) => set({ capabilities }),
  setDevicesError: (devicesError) => set({ devicesError }),
});
