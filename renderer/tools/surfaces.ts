// The registry's React half: every tool's surfaces (surface.ts) under its id. A tool without a layer or panel
// (Inspect, Control) draws through the shared feedback layers only.
import type { ToolId } from './registry';
import type { ToolSurface } from './surface';
import { calibratedSurface } from './calibrated-drag/surface';
import { gestureSurface } from './gesture/surface';
import { pinchSurface } from './pinch/surface';
import { regionSurface } from './region/surface';

export const TOOL_SURFACES: { readonly [K in ToolId]: ToolSurface } = {
  inspect: { cursor: 'crosshair' },
  control: { cursor: 'pointer' },
  'calibrated-drag': calibratedSurface,
  region: regionSurface,
  gesture: gestureSurface,
  pinch: pinchSurface,
};
