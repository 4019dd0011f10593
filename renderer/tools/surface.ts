// What a tool shows besides its state machine, supplied through the registry (surfaces.ts): its stage layer
// (drawn over the mirror through the stage's camera while the tool is current), its panel (in the tool dock,
// which floats over the right column and never takes the stage's room), the keys it handles while current,
// and the stage's cursor. The stage, the device view and the dock render whatever the current tool supplies;
// none of them knows a tool by name.
import type { ComponentType } from 'react';
import type { Camera, ScreenSize } from '../../shared/geometry';

export interface StageLayerProps {
  camera: Camera;
  screen: ScreenSize;
}

export interface ToolSurface {
  Layer?: ComponentType<StageLayerProps>;
  /** The panel's title in the dock; with `Panel`. */
  title?: string;
  Panel?: ComponentType;
  /** A hook mounted while the tool is current (its keyboard handling). */
  useKeys?: () => void;
  cursor: 'crosshair' | 'pointer' | 'default';
}
