// The renderer's one zustand store, composed of one slice per feature. A slice writes only its own state;
// features coordinate through their actions (device-actions, send-action), the document and selectors
// (selectors.ts).
import { create, type StateCreator } from 'zustand';
import { createDocumentSlice, type DocumentSlice } from '../document/slice';
import { createDevicesSlice, type DevicesSlice } from '../features/devices/slice';
import { createDeviceViewSlice, type DeviceViewSlice } from '../features/device-view/slice';
import { createControlSlice, type ControlSlice } from '../features/manual-control/slice';
import { createNodeTreeSlice, type NodeTreeSlice } from '../features/node-tree/slice';
import { createReceiptsSlice, type ReceiptsSlice } from '../features/receipts/slice';
import { createRecorderSlice, type RecorderSlice } from '../features/recorder/slice';
import { createFlowsSlice, type FlowsSlice } from '../features/flows/slice';
import { createStageSlice, type StageSlice } from '../stage/slice';
import { createToolsSlice, type ToolsSlice } from '../tools/slice';
import { createCalibratedSlice, type CalibratedSlice } from '../tools/calibrated-drag/slice';
import { createOcclusionSlice, type OcclusionSlice } from '../features/occlusion/slice';
import { createLayoutSlice, type LayoutSlice } from './layout-slice';

export type AppState = DevicesSlice & DeviceViewSlice & NodeTreeSlice & ControlSlice & ReceiptsSlice & DocumentSlice & StageSlice & ToolsSlice & RecorderSlice & FlowsSlice & CalibratedSlice & OcclusionSlice & LayoutSlice;
export type SliceCreator<S> = StateCreator<AppState, [], [], S>;

export const useStore = create<AppState>()((...a) => ({
  ...createDevicesSlice(...a),
  ...createDeviceViewSlice(...a),
  ...createNodeTreeSlice(...a),
  ...createControlSlice(...a),
  ...createReceiptsSlice(...a),
  ...createDocumentSlice(...a),
  ...createStageSlice(...a),
  ...createToolsSlice(...a),
  ...createRecorderSlice(...a),
  ...createFlowsSlice(...a),
  ...createCalibratedSlice(...a),
  ...createOcclusionSlice(...a),
  ...createLayoutSlice(...a),
}));
