// Device list and selection: follows main's `devices.changed`, picks the only online device when nothing is
// selected, and loads the selected device's info and capabilities.
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { refreshObservation } from '../node-tree/observe';
import { ConnectTargetSchema, type DeviceRow } from '../../../shared/ipc';

function applyDevices(devices: DeviceRow[]): void {
  const state = useStore.getState();
  state.setDevices(devices);
  const online = devices.filter((d) => d.state === 'device');
  if (state.selectedSerial === null && online.length === 1) void selectDevice(online[0]!.serial);
}

/** Reads the selected device's capabilities again (the helper may have withdrawn inject.* or died). */
function refreshCapabilities(serial: string): void {
  api()
    .request('device.capabilities', { serial })
    .then((c) => useStore.getState().selectedSerial === serial && useStore.getState().setCapabilities(c))
    .catch(() => undefined);
}

export async function startDeviceFeed(): Promise<() => void> {
  const offDevices = api().on('devices.changed', ({ devices }) => applyDevices(devices));
  // A receipt that did not complete may mean the device can do less now (injection refused, helper gone).
  const offReceipts = api().on('receipt.completed', ({ receipt }) => {
    const selected = useStore.getState().selectedSerial;
    if (selected !== null && receipt.device_serial === selected && receipt.status !== 'completed')
      refreshCapabilities(selected);
  });
  const off = () => {
    offDevices();
    offReceipts();
  };
  try {
    applyDevices((await api().request('devices.list', {})).devices);
  } catch (error) {
    useStore.getState().setDevicesError(errorText(error));
  }
  return off;
}

export async function selectDevice(serial: string): Promise<void> {
  const state = useStore.getState();
  if (state.selectedSerial !== serial) {
    state.selectDevice(serial);
    // The node tree belongs to the device it was read from: the feature clears its own slice.
    state.resetObservation();
  }
  const [info] = await Promise.allSettled([
    api()
      .request('device.info', { serial })
      .then((i) => useStore.getState().selectedSerial === serial && useStore.getState().setDeviceInfo(i)),
    refreshObservation(),
  ]);
  if (info.status === 'rejected') useStore.getState().setDevicesError(errorText(info.reason));
  // Capabilities may start the on-device helper (seconds on a phone): never block the view on them.
  refreshCapabilities(serial);
}

/** Connects host:port: checked with the contract's own schema first, so a typo is answered at once. */
export async function connectDevice(target: string): Promise<void> {
  const state = useStore.getState();
  const checked = ConnectTargetSchema.safeParse(target);
  if (!checked.success) {
    state.setDevicesError(`${target}: ${checked.error.issues[0]!.message}`);
    return;
  }
  state.setConnecting(target);
  state.setDevicesError(null);
  try {
    const { serial } = await api().request('devices.connect', { target });
    await selectDevice(serial);
  } catch (error) {
    useStore.getState().setDevicesError(errorText(error));
  } finally {
    useStore.getState().setConnecting(null);
  }
}

/** Forgets a network device (`adb disconnect`), e.g. one left offline. */
export async function disconnectDevice(target: string): Promise<void> {
  try {
    await api().request('devices.disconnect', { target });
    if (useStore.getState().selectedSerial === target) useStore.getState().selectDevice(null);
  } catch (error) {
    useStore.getState().setDevicesError(errorText(error));
  }
}

/** A device adb reached over the network (its serial is host:port), which can be disconnected. */
export function isNetworkSerial(serial: string): boolean {
  return ConnectTargetSchema.safeParse(serial).success;
}
