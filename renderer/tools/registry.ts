// The canvas tools, in toolbar order. The current tool's id (the tools slice) replaces the old mode string.
import { CalibratedDragTool } from './calibrated-drag/calibrated-drag-tool';
import { ControlTool } from './control/control-tool';
import { InspectTool } from './inspect/inspect-tool';
import { RegionTool } from './region/region-tool';
import type { Tool } from './state-node';
import type { ToolContext } from './tool-context';

export const TOOL_IDS = ['inspect', 'control', 'calibrated-drag', 'region'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

export type ToolSet = Record<ToolId, Tool & { readonly hint: string }>;

export function createTools(ctx: ToolContext): ToolSet {
  return { inspect: new InspectTool(ctx), control: new ControlTool(ctx), 'calibrated-drag': new CalibratedDragTool(ctx), region: new RegionTool(ctx) };
}

/** The tool a single-letter shortcut selects, or null. */
export function toolForShortcut(tools: ToolSet, key: string): ToolId | null {
  return TOOL_IDS.find((id) => tools[id].shortcut === key.toUpperCase()) ?? null;
}
