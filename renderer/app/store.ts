// The renderer's one zustand store, composed of one slice per feature.
import { create, type StateCreator } from 'zustand';
import { createDevicesSlice, type DevicesSlice } from '../features/devices/slice';
import { createDeviceViewSlice, type DeviceViewSlice } from '../features/device-view/slice';
import { createControlSlice, type ControlSlice } from '../features/manual-control/slice';
import { createNodeTreeSlice, type NodeTreeSlice } from '../features/node-tree/slice';
import { createReceiptsSlice, type ReceiptsSlice } from '../features/receipts/slice';

export type AppState = DevicesSlice & DeviceViewSlice & NodeTreeSlice & ControlSlice & ReceiptsSlice;
export type SliceCreator<S> = StateCreator<AppState, [], [], S>;

export const useStore = create<AppState>()((...a) => ({
  ...createDevicesSlice(...a),
  ...createDeviceViewSlice(...a),
  ...createNodeTreeSlice(...a),
  ...createControlSlice(...a),
  ...createReceiptsSlice(...a),
}));
