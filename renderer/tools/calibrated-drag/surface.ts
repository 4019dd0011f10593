// The calibrated-drag tool's surfaces: the live preview on the stage and the builder in the dock.
import type { ToolSurface } from '../surface';
import { CalibratedDragPanel } from './CalibratedDragPanel';
import { CalibratedPreview } from './CalibratedPreview';

export const calibratedSurface: ToolSurface = {
  Layer: CalibratedPreview,
  title: 'Calibrated drag',
  Panel: CalibratedDragPanel,
  cursor: 'crosshair',
};
