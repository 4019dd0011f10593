// The region tool's surfaces: the step's region and paths on the stage, the region panel in the dock.
import type { ToolSurface } from '../surface';
import { RegionPanel } from './RegionPanel';
import { RegionPreview } from './RegionPreview';

export const regionSurface: ToolSurface = {
  Layer: RegionPreview,
  title: 'Region',
  Panel: RegionPanel,
  cursor: 'crosshair',
};
