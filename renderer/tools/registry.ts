// The canvas tools, in toolbar order: each id with its state machine (this file, plain TypeScript, so the
// machines are tested with a fake context) and its surfaces — stage layer, panel, keys, cursor (surfaces.ts,
// the React half of the registry). The current tool's id (the tools slice) replaces the old mode string.
import { CalibratedDragTool } from './calibrated-drag/calibrated-drag-tool';
import { ControlTool } from './control/control-tool';
import { GestureTool } from './gesture/gesture-tool';
import type { GestureHost } from './gesture/host';
import { memoryHost } from './gesture/memory-host';
import { PinchTool, type PinchHost } from './pinch/pinch-tool';
import { InspectTool } from './inspect/inspect-tool';
import { RegionTool } from './region/region-tool';
import type { AnyTool } from './state-node';
import type { ToolContext } from './tool-context';

export const TOOL_IDS = ['inspect', 'control', 'calibrated-drag', 'region', 'gesture', 'pinch'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Every tool under its id, each with its own class (and so its own typed states). */
export interface ToolSet {
  inspect: InspectTool;
  control: ControlTool;
  'calibrated-drag': CalibratedDragTool;
  region: RegionTool;
  gesture: GestureTool;
  pinch: PinchTool;
}

/** The hosts are where the gesture and pinch editors keep their call (the document in the console, memory in tests). */
export function createTools(
  ctx: ToolContext,
  gesture: GestureHost = memoryHost(() => ctx.screen()),
  pinch: PinchHost = memoryHost(() => ctx.screen()),
): ToolSet {
  const set = {
    inspect: new InspectTool(ctx),
    control: new ControlTool(ctx),
    'calibrated-drag': new CalibratedDragTool(ctx),
    region: new RegionTool(ctx),
    gesture: new GestureTool(ctx, gesture),
    pinch: new PinchTool(ctx, pinch),
  };
  return set satisfies Record<ToolId, AnyTool>;
}

/** The tool a single-letter shortcut selects, or null. */
export function toolForShortcut(tools: ToolSet, key: string): ToolId | null {
  return TOOL_IDS.find((id) => tools[id].shortcut === key.toUpperCase()) ?? null;
}
