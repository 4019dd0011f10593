// The renderer's state: this zustand store, composed of one slice per feature, holds what the console shows
// and edits. A slice writes only its own state; features coordinate through their actions (device-actions,
// send-action), the document and selectors (selectors.ts).
// A few small stores are kept apart on purpose, each because of how often it changes or because one feature
// alone reads it (in the app store every change would wake every subscriber of the console):
// - features/device-view/pointer.ts: the pointer readout, published once per animation frame while it moves;
// - tools/gesture/editor-store.ts: the gesture and pinch editors' view state, whose play head moves every frame;
// - features/approvals/approvals-store.ts: the agents' pending requests and the clock of their countdowns (1 s);
// - features/logcat/logcat-store.ts: the lines the Logcat panel polls in;
// - features/operator/{transfers,apps,capture}-store.ts: the operator panel's own (transfer progress events);
// - features/receipt-debugger/{debugger-store,journal-source}.ts: the debugger mode's own state and page;
// - features/mirror/mirror-session.ts: the live mirror session's id, set by its transport for the MP4 recorder.
// Module-level variables elsewhere hold what is not state (caches, in-flight bookkeeping, a frame handle);
// each says why it is not here.
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
import { createOperationsSlice, type OperationsSlice } from '../features/cancel/slice';

export type AppState = DevicesSlice &
  DeviceViewSlice &
  NodeTreeSlice &
  ControlSlice &
  ReceiptsSlice &
  DocumentSlice &
  StageSlice &
  ToolsSlice &
  RecorderSlice &
  FlowsSlice &
  CalibratedSlice &
  OcclusionSlice &
  LayoutSlice &
  OperationsSlice;
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
  ...createOperationsSlice(...a),
}));
